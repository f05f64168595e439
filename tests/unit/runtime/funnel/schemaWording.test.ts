/**
 * A shared page schema said in each funnel's words (src/runtime/funnel/words/schemaWording.ts): its
 * `{claimNoun}` on the page (through the uiSchema, the validated schema unchanged), in the
 * registry's error messages, on pages that show answers, and refused when it names a word no
 * funnel has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkSchemaWording,
  createRegistry,
  formatProblem,
  funnelSchemaWords,
  schemaInWords,
  wordingUiSchema,
  type Funnel,
  type JsonSchemaObject,
} from '../../../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../../../src/gateway/infra/validationWords';
import { sha256Hasher } from '../../../../src/gateway/infra/contentHash';
import {
  checkPublishedVersions,
  versionContentOf,
  versionHash,
} from '../../../../src/runtime/versions';
import { projectInput, projectRegistry } from '../projectFiles';

const words = validationWords();
const dispute = funnelSchemaWords({ wording: { claimNoun: 'dispute' } }, 'claim');

describe('a funnel’s words', () => {
  it('are its claim noun, capitalised for a sentence start, or the default noun', () => {
    expect(dispute).toEqual({ claimNoun: 'dispute', ClaimNoun: 'Dispute' });
    expect(funnelSchemaWords({}, 'claim')).toEqual({ claimNoun: 'claim', ClaimNoun: 'Claim' });
  });
});

describe('the signature schema in a funnel’s words', () => {
  const signature = projectRegistry().bundlePageSchema('signature')!;

  it('names the claim by placeholder, so every funnel can say its own word', () => {
    const consent = (signature.properties as Record<string, JsonSchemaObject>).consent!;
    expect(consent.title).toBe(
      'I confirm the information I have given is true and I agree to my {claimNoun} being made',
    );
  });

  it('gives RJSF the titles in the funnel’s words through the uiSchema, keeping the page’s own', () => {
    const ui = wordingUiSchema(signature, dispute, {
      signature: { 'ui:field': 'signature' },
    });
    expect(ui).toEqual({
      consent: {
        'ui:title':
          'I confirm the information I have given is true and I agree to my dispute being made',
      },
      signature: { 'ui:field': 'signature' },
    });
    // A title the page itself gives wins.
    expect(wordingUiSchema(signature, dispute, { consent: { 'ui:title': 'Own words' } })).toEqual({
      consent: { 'ui:title': 'Own words' },
    });
  });

  it('gives a page whose schema names no word its own uiSchema, the very object', () => {
    const contact = projectRegistry().bundlePageSchema('contact')!;
    const own = { email: { 'ui:widget': 'email' } };
    expect(wordingUiSchema(contact, dispute, own)).toBe(own);
    expect(wordingUiSchema(contact, dispute, undefined)).toBeUndefined();
  });

  it('leaves the schema RJSF validates with as written (its validators are found by its text)', () => {
    const before = JSON.stringify(signature);
    wordingUiSchema(signature, dispute);
    schemaInWords(signature, dispute);
    expect(JSON.stringify(signature)).toBe(before);
  });

  it('is a copy in the funnel’s words for pages that show answers, rules untouched', () => {
    const said = schemaInWords(signature, dispute);
    const text = JSON.stringify(said);
    expect(text).not.toContain('{claimNoun}');
    expect(text).toContain('I agree to my dispute being made');
    expect(text).toContain('Sign your dispute: draw your signature or type your full name');
    expect((said.properties as Record<string, JsonSchemaObject>).signature!.properties).toEqual(
      (signature.properties as Record<string, JsonSchemaObject>).signature!.properties,
    );
    // No placeholder: the same object.
    const contact = projectRegistry().bundlePageSchema('contact')!;
    expect(schemaInWords(contact, dispute)).toBe(contact);
  });

  it('draws a choice’s option titles and an if/then branch’s titles through the uiSchema', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: {
        how: {
          type: 'string',
          title: 'How to send your {claimNoun}',
          oneOf: [
            { const: 'post', title: 'Post the {claimNoun}' },
            { const: 'email', title: 'Email' },
          ],
        },
      },
      dependencies: {
        how: { properties: { note: { type: 'string', description: '{ClaimNoun} notes' } } },
      },
    };
    expect(wordingUiSchema(schema, dispute)).toEqual({
      how: {
        'ui:title': 'How to send your dispute',
        oneOf: [{ 'ui:title': 'Post the dispute' }, {}],
      },
      note: { 'ui:description': 'Dispute notes' },
    });
  });
});

describe('error messages in a funnel’s words', () => {
  /** The project's files with vehicle-claim's noun set to `noun`. */
  function registryWithNoun(noun: string | undefined) {
    const input = projectInput();
    const file = Object.keys(input.funnels).find((name) => name.endsWith('/vehicle-claim.json'))!;
    const funnel = input.funnels[file] as Funnel;
    if (noun === undefined) delete funnel.wording?.claimNoun;
    else funnel.wording = { ...funnel.wording, claimNoun: noun };
    const result = createRegistry(input, { compileValidator: createAjvCompileValidator(), words });
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
    return result.registry;
  }

  it('says the funnel’s noun, browser and gateway alike (both validate through the registry)', () => {
    const errors = registryWithNoun('flight delay claim').validatePage('vehicle-claim', 'sign', {
      consent: true,
    }).errors;
    expect(errors.map((error) => error.message)).toEqual([
      'Sign your flight delay claim: draw your signature or type your full name',
    ]);
  });

  it('says "claim" for a funnel that names no noun, as before', () => {
    const errors = registryWithNoun(undefined).validatePage('vehicle-claim', 'sign', {
      consent: true,
      signature: { method: 'typed' },
    }).errors;
    expect(errors.map((error) => error.message)).toEqual([
      'Enter your full name to sign your claim',
    ]);
  });
});

describe('funnels:check refuses a word no funnel has', () => {
  it('names the pointer of each unknown placeholder, in a text and in a translation', () => {
    const schema: JsonSchemaObject = {
      $id: 'x',
      type: 'object',
      properties: { a: { type: 'string', title: 'Your {claimNoun} and {caseNoun}' } },
      'x-errorMessages': { a: { required: 'Enter your {claimnoun}' } },
      'x-translations': { cy: { '/properties/a/title': 'Eich {claimNoun} a {caseNoun}' } },
    };
    expect(checkSchemaWording(schema)).toEqual([
      {
        pointer: '/properties/a/title',
        message:
          'unknown placeholder "{caseNoun}": a schema text may name {claimNoun}, {ClaimNoun}',
      },
      {
        pointer: '/x-errorMessages/a/required',
        message:
          'unknown placeholder "{claimnoun}": a schema text may name {claimNoun}, {ClaimNoun}',
      },
      {
        pointer: '/x-translations/cy/~1properties~1a~1title',
        message:
          'unknown placeholder "{caseNoun}": a schema text may name {claimNoun}, {ClaimNoun}',
      },
    ]);
  });

  it('reports it as the registry’s problem, naming the schema file', () => {
    const input = projectInput();
    const file = Object.keys(input.schemas).find((name) =>
      name.endsWith('/signature.schema.json'),
    )!;
    const schema = input.schemas[file] as JsonSchemaObject;
    (schema.properties as Record<string, JsonSchemaObject>).consent!.title =
      'Agree to my {claimNone}';
    const result = createRegistry(input, { compileValidator: createAjvCompileValidator(), words });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toContain(
      `${file}: /properties/consent/title: unknown placeholder "{claimNone}": a schema text may name {claimNoun}, {ClaimNoun}`,
    );
  });
});

describe('a published version read in its funnel’s words', () => {
  // The built-in funnel's current version, as published before the shared schemas said
  // {claimNoun}: its snapshot with the word written in, and its hash taken again (the
  // project's own snapshot may be newer than the placeholder, and so already say it).
  const publishedDir = new URL('../../../../funnels/published/vehicle-claim/', import.meta.url);
  const latest = Math.max(
    ...readdirSync(publishedDir).map((name) => Number(name.replace(/\.json$/, ''))),
  );
  const snapshot = JSON.parse(readFileSync(new URL(`${latest}.json`, publishedDir), 'utf8')) as {
    funnel: Funnel;
    schemas: Record<string, JsonSchemaObject>;
  };
  const schemas = JSON.parse(
    JSON.stringify(snapshot.schemas)
      .replaceAll('{claimNoun}', 'claim')
      .replaceAll('{ClaimNoun}', 'Claim'),
  ) as Record<string, JsonSchemaObject>;
  const published = {
    ...snapshot,
    schemas,
    hash: versionHash({ funnel: snapshot.funnel, schemas }, sha256Hasher),
  };

  function problemsWithDefaultNoun(defaultClaimNoun: string): string[] {
    const registry = projectRegistry();
    const funnel = registry.getFunnel('vehicle-claim')!;
    return checkPublishedVersions({
      current: [
        {
          file: 'funnels/vehicle-claim.json',
          funnel,
          content: versionContentOf(funnel, (id) => registry.bundlePageSchema(id)),
        },
      ],
      writtenFunnelIds: new Set(['vehicle-claim']),
      published: { [`funnels/published/vehicle-claim/${latest}.json`]: published },
      schemaFileOf: (id) => `schemas/${id}.schema.json`,
      hash: sha256Hasher,
      defaultClaimNoun,
    }).problems.map(formatProblem);
  }

  it('is unchanged when a shared text came to say {claimNoun} where it said that very word', () => {
    expect(JSON.stringify(published)).toContain('I agree to my claim being made');
    expect(problemsWithDefaultNoun('claim')).toEqual([]);
  });

  it('is a new version when the words its claimants read would change', () => {
    expect(problemsWithDefaultNoun('appeal')).toEqual([
      expect.stringContaining(
        `schemas/signature.schema.json: (root): page schema "signature" (this file or a schema it refers to) differs from version ${latest} of vehicle-claim`,
      ),
    ]);
  });
});
