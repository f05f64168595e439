import { describe, expect, it } from 'vitest';
import { createRegistry, type Funnel, type FunnelMigration } from '../../../src/runtime/funnel';
import {
  createFunnelVersions,
  draftMigrationPath,
  migrateAlong,
  migrateAnswers,
  migratePerPage,
  publishedRegistryInput,
  publishedSchemaAsDrawn,
  type PublishedVersion,
} from '../../../src/runtime/versions';
import { createAjvCompileValidator } from '../../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../../src/gateway/infra/validationWords';

const words = validationWords();

describe('migrateAnswers', () => {
  const answers = {
    vehicle: { reg: 'AB12CDE', colour: 'red', finance: { lender: 'Acme' } },
    contact: { email: 'a@example.com' },
  };

  it('renames pages, moves and drops fields, then fills defaults, leaving the input as it was', () => {
    const migration: FunnelMigration = {
      drafts: 'move',
      renamePages: { vehicle: 'car' },
      moveFields: [
        { from: '/vehicle/reg', to: '/car/registration' },
        { from: '/vehicle/finance/lender', to: '/lender/name' },
      ],
      dropFields: ['/vehicle/colour'],
      defaults: [
        { at: '/car/fuel', value: 'diesel' },
        { at: '/contact/email', value: 'ignored@example.com' },
      ],
    };
    expect(migrateAnswers(answers, migration)).toEqual({
      car: { registration: 'AB12CDE', finance: {}, fuel: 'diesel' },
      lender: { name: 'Acme' },
      contact: { email: 'a@example.com' },
    });
    expect(answers.vehicle.reg).toBe('AB12CDE');
  });

  it('drops a whole page, and leaves out a page emptied by moves', () => {
    expect(
      migrateAnswers(answers, {
        drafts: 'move',
        dropFields: ['/contact'],
        moveFields: [
          { from: '/vehicle/reg', to: '/car/reg' },
          { from: '/vehicle/colour', to: '/car/colour' },
          { from: '/vehicle/finance', to: '/car/finance' },
        ],
      }),
    ).toEqual({ car: { reg: 'AB12CDE', colour: 'red', finance: { lender: 'Acme' } } });
  });

  it('applies a path of migrations in turn, and renames per-page records with them', () => {
    const path: FunnelMigration[] = [
      { drafts: 'move', renamePages: { vehicle: 'car' } },
      { drafts: 'move', renamePages: { car: 'motor' }, dropFields: ['/contact'] },
    ];
    expect(Object.keys(migrateAlong(answers, path))).toEqual(['motor']);
    expect(migratePerPage({ vehicle: 1, contact: 2 }, path)).toEqual({ motor: 1 });
  });
});

describe('draftMigrationPath', () => {
  const move = (): FunnelMigration => ({ drafts: 'move' });
  it('moves a draft only when every later version says drafts move', () => {
    const steps = [
      { version: 1, migration: undefined },
      { version: 2, migration: move() },
      { version: 3, migration: { drafts: 'stay' as const } },
      { version: 4, migration: move() },
    ];
    expect(draftMigrationPath(steps, 3)).toEqual([move()]);
    expect(draftMigrationPath(steps, 1)).toBeUndefined();
    expect(draftMigrationPath(steps, 4)).toBeUndefined();
    expect(draftMigrationPath(steps.slice(0, 2), 1)).toEqual([move()]);
    // A version not in the list (never published) has no known path.
    expect(draftMigrationPath(steps, 7)).toBeUndefined();
  });
});

describe('createFunnelVersions', () => {
  const schema = (title: string) => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'thing',
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { type: 'string', title } },
  });
  const funnel = (version: number): Funnel => ({
    $schema: '../schemas/funnel.schema.json',
    funnelId: 'things',
    version,
    title: 'Things',
    pages: [
      { pageId: 'thing', title: 'Thing', schema: 'thing' },
      { pageId: 'sign', title: 'Sign', schema: 'thing', kind: 'review-and-sign' },
    ],
  });
  const current = createRegistry(
    {
      funnels: { 'funnels/things.json': funnel(2) },
      schemas: { 'schemas/thing.schema.json': schema('Name') },
    },
    { compileValidator: createAjvCompileValidator(), words, prechecked: true },
  );
  if (!current.ok) throw new Error('fixture');
  const v1: PublishedVersion = {
    funnelId: 'things',
    version: 1,
    hash: `sha256:${'1'.repeat(64)}`,
    funnel: funnel(1),
    schemas: { thing: { ...schema('Old name'), maxLength: 3 } as never },
    examples: [],
  };

  it('renames a schema that changed since, and keeps one that did not', () => {
    const input = publishedRegistryInput(v1, current.registry);
    expect(Object.keys(input.schemas)).toEqual(['schemas/published-things-1-thing.schema.json']);
    const same = publishedRegistryInput(
      { ...v1, schemas: { thing: schema('Name') } },
      current.registry,
    );
    expect(Object.keys(same.schemas)).toEqual(['schemas/thing.schema.json']);
  });

  it('serves each version with its own schemas, the current one as the registry', () => {
    const versions = createFunnelVersions(current.registry, [v1], {
      compileValidator: createAjvCompileValidator(),
      words,
    });
    expect(versions.at('things', 2)).toBe(current.registry);
    const old = versions.at('things', 1)!;
    expect(old.getFunnel('things')!.version).toBe(1);
    const oldSchema = old.bundlePageSchema(old.getPage('things', 'thing')!.schema)!;
    expect((oldSchema.properties as { name: { title: string } }).name.title).toBe('Old name');
    expect(versions.at('things', 3)).toBeUndefined();
    expect(versions.hashOf('things', 1)).toBe(v1.hash);
    expect(versions.steps('things').map((step) => step.version)).toEqual([1, 2]);
  });
});

describe('publishedSchemaAsDrawn', () => {
  const schema = {
    $id: 'thing',
    description: 'What this page asks, for developers',
    type: 'object',
    properties: {
      name: { $ref: '#/definitions/name', title: 'Name', description: 'As on your licence' },
      photos: { type: 'array', description: 'Up to 5 photos', 'x-evidence': { accept: ['png'] } },
    },
    definitions: { name: { type: 'string', description: 'No control characters' } },
    'x-errorMessages': { description: { required: 'Enter a description' } },
  };

  it('keeps every description of a snapshot published since descriptions are hints', () => {
    expect(publishedSchemaAsDrawn({ schemaDescriptionsShown: true }, schema)).toBe(schema);
  });

  it('draws an earlier snapshot as it was drawn then: only a file question’s description', () => {
    const drawn = publishedSchemaAsDrawn({}, schema);
    expect(drawn).toEqual({
      $id: 'thing',
      type: 'object',
      properties: {
        name: { $ref: '#/definitions/name', title: 'Name' },
        photos: { type: 'array', description: 'Up to 5 photos', 'x-evidence': { accept: ['png'] } },
      },
      definitions: { name: { type: 'string' } },
      'x-errorMessages': { description: { required: 'Enter a description' } },
    });
    expect(schema.description).toBe('What this page asks, for developers');
  });
});
