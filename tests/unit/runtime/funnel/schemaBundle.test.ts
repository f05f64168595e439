import { describe, expect, it } from 'vitest';
import { bundleSchema, type JsonSchemaObject } from '../../../../src/runtime/funnel';
import { createAjv } from '../../../../src/runtime/validation/ajvCompiler';

const draft7 = 'http://json-schema.org/draft-07/schema#';
const documents: Record<string, JsonSchemaObject> = {
  common: {
    $schema: draft7,
    $id: 'common',
    definitions: {
      postcode: { type: 'string', pattern: '^[A-Z0-9 ]+$' },
      address: {
        type: 'object',
        required: ['postcode'],
        properties: { postcode: { $ref: '#/definitions/postcode' } },
      },
    },
  },
  page: {
    $schema: draft7,
    $id: 'page',
    type: 'object',
    properties: {
      home: { $ref: 'common#/definitions/address', title: 'Home' },
      work: { $ref: 'common#/definitions/address' },
      self: { $ref: 'page#/definitions/own' },
    },
    definitions: { own: { type: 'string' } },
  },
};
const lookup = (id: string) => documents[id];

describe('bundleSchema', () => {
  it('inlines external refs, and refs inside them, into local definitions', () => {
    const result = bundleSchema(lookup, 'page');
    expect(result).toEqual({
      ok: true,
      schema: {
        $schema: draft7,
        $id: 'page',
        type: 'object',
        properties: {
          home: { $ref: '#/definitions/common.address', title: 'Home' },
          work: { $ref: '#/definitions/common.address' },
          self: { $ref: '#/definitions/own' },
        },
        definitions: {
          own: { type: 'string' },
          'common.address': {
            type: 'object',
            required: ['postcode'],
            properties: { postcode: { $ref: '#/definitions/common.postcode' } },
          },
          'common.postcode': { type: 'string', pattern: '^[A-Z0-9 ]+$' },
        },
      },
    });
  });

  it('gives a schema that compiles on its own', () => {
    const result = bundleSchema(lookup, 'page');
    if (!result.ok) throw new Error('bundle failed');
    const validate = createAjv().compile(result.schema);
    expect(validate({ home: { postcode: 'SW1A 2AA' } })).toBe(true);
    expect(validate({ home: { postcode: 'sw1a' } })).toBe(false);
  });

  it('never changes the documents it reads', () => {
    const before = JSON.stringify(documents);
    bundleSchema(lookup, 'page');
    expect(JSON.stringify(documents)).toBe(before);
  });

  it('reports refs it cannot follow, in the document that holds them', () => {
    const broken: Record<string, JsonSchemaObject> = {
      ...documents,
      shared: { $id: 'shared', definitions: { a: { $ref: '#/definitions/gone' } } },
      page: {
        $id: 'page',
        properties: { a: { $ref: 'shared#/definitions/a' }, b: { $ref: 'nowhere#/x' } },
      },
    };
    expect(bundleSchema((id) => broken[id], 'page')).toEqual({
      ok: false,
      problems: [
        {
          schemaId: 'shared',
          pointer: '/definitions/a/$ref',
          message: 'refers to "shared#/definitions/gone", which does not exist',
        },
        {
          schemaId: 'page',
          pointer: '/properties/b/$ref',
          message: 'refers to unknown schema "nowhere" (no schemas/nowhere.schema.json)',
        },
      ],
    });
  });

  it('terminates on recursive definitions', () => {
    const recursive: Record<string, JsonSchemaObject> = {
      tree: {
        $id: 'tree',
        definitions: {
          node: { type: 'object', properties: { child: { $ref: '#/definitions/node' } } },
        },
      },
      page: { $id: 'page', properties: { root: { $ref: 'tree#/definitions/node' } } },
    };
    const result = bundleSchema((id) => recursive[id], 'page');
    expect(result.ok && result.schema.definitions).toEqual({
      'tree.node': { type: 'object', properties: { child: { $ref: '#/definitions/tree.node' } } },
    });
  });
});
