import { describe, expect, it } from 'vitest';
import { checkUiSchema } from '../../../../src/runtime/funnel';
import { projectRegistry } from '../projectFiles';

describe('checkUiSchema', () => {
  const address = projectRegistry().bundlePageSchema('address')!;

  it('accepts fields that only exist in a conditional branch, and their nested fields', () => {
    expect(
      checkUiSchema({ previousAddress: { postcode: { 'ui:autocomplete': 'off' } } }, address),
    ).toEqual([]);
  });

  it('ignores ui: options and accepts "*" in ui:order', () => {
    expect(
      checkUiSchema({ 'ui:order': ['postcode', '*'], 'ui:submitButtonOptions': {} }, address),
    ).toEqual([]);
  });

  it('reports unknown keys at every depth', () => {
    expect(checkUiSchema({ postcod: {}, previousAddress: { postcod: {} } }, address)).toEqual([
      { pointer: '/postcod', message: '"postcod" is not a field of the page schema' },
      {
        pointer: '/previousAddress/postcod',
        message: '"postcod" is not a field of the page schema',
      },
    ]);
  });

  it('follows array items', () => {
    const schema = {
      type: 'object',
      properties: {
        owners: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' } } },
        },
      },
    };
    expect(checkUiSchema({ owners: { items: { name: {} } } }, schema)).toEqual([]);
    expect(checkUiSchema({ owners: { items: { nmae: {} } } }, schema)).toEqual([
      { pointer: '/owners/items/nmae', message: '"nmae" is not a field of the page schema' },
    ]);
  });
});
