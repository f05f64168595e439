/**
 * A validator compiled once per schema key words its errors from the copy of the schema it is
 * asked with: the same rules read in another language say that language's messages.
 */
import { describe, expect, it } from 'vitest';
import { compileOncePerKey, localizeSchema } from '../../../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { createPrecompiledCompileValidator } from '../../../../src/runtime/validation/precompiledValidation';
import { validationWords } from '../../../../src/gateway/infra/validationWords';
import type { ValidationWords } from '../../../../src/runtime/types';

const words = validationWords();

const schema = {
  $id: 'about',
  type: 'object',
  required: ['fullName'],
  properties: { fullName: { type: 'string', title: 'Your full name' } },
  'x-errorMessages': { fullName: { required: 'Enter your full name' } },
  'x-translations': {
    cy: {
      '/properties/fullName/title': 'Eich enw llawn',
      '/x-errorMessages/fullName/required': 'Rhowch eich enw llawn',
    },
  },
};
const welsh = localizeSchema(schema, 'cy');
const messages = (result: { errors: Array<{ message: string }> }) =>
  result.errors.map((error) => error.message);

describe('a validator asked with the schema in other words', () => {
  it('says the errors of the copy it is given, compiling once (AJV at run time)', () => {
    let compiles = 0;
    const ajv = createAjvCompileValidator();
    const compile = compileOncePerKey((key, given, saidIn) => {
      compiles += 1;
      return ajv(key, given, saidIn);
    });
    expect(messages(compile('about', schema, words)({}))).toEqual(['Enter your full name']);
    expect(messages(compile('about', welsh, words)({}))).toEqual(['Rhowch eich enw llawn']);
    expect(messages(compile('about', schema, words)({}))).toEqual(['Enter your full name']);
    expect(compiles).toBe(1);
  });

  it('says them from a precompiled validator too', () => {
    const ajv = createAjvCompileValidator();
    // A standalone validator: validity returned, errors left on itself, as AJV writes one.
    const english = ajv('about', schema, words);
    const standalone = Object.assign(
      (data: unknown) => {
        const result = english(data);
        standalone.errors = result.valid
          ? null
          : [
              {
                instancePath: '',
                schemaPath: '#/required',
                keyword: 'required',
                params: { missingProperty: 'fullName' },
              },
            ];
        return result.valid;
      },
      { errors: null as unknown },
    );
    const compile = compileOncePerKey(
      createPrecompiledCompileValidator({ about: standalone as never }),
    );
    expect(messages(compile('about', schema, words)({}))).toEqual(['Enter your full name']);
    expect(messages(compile('about', welsh, words)({}))).toEqual(['Rhowch eich enw llawn']);
  });
});

describe('a validator asked in other validation words', () => {
  // A schema that words none of its checks: every message is the validation messages'.
  const plain = {
    $id: 'plain',
    type: 'object',
    required: ['town'],
    properties: { town: { type: 'string', title: 'Town or city', maxLength: 5 } },
    'x-translations': { cy: { '/properties/town/title': 'Tref neu ddinas' } },
  };
  // Test words, not Welsh: each key said with the values it was given.
  const testWords: ValidationWords = (key, values = {}) =>
    `⟨${key}⟩ ${String(values.title ?? '')}|${String(values.titleInSentence ?? '')}|${String(values.limit ?? '')}`;

  it('says the messages of the words it is given, with the copy of the schema’s titles', () => {
    const compile = compileOncePerKey(createAjvCompileValidator());
    expect(messages(compile('plain', plain, words)({}))).toEqual(['Enter town or city']);
    const cy = localizeSchema(plain as never, 'cy');
    expect(messages(compile('plain', cy, testWords)({}))).toEqual([
      '⟨field.enter⟩ Tref neu ddinas|tref neu ddinas|',
    ]);
    expect(messages(compile('plain', cy, testWords)({ town: 'Aberystwyth' }))).toEqual([
      '⟨field.tooLong⟩ Tref neu ddinas|tref neu ddinas|5',
    ]);
    // The words it was first compiled with are still said where asked for.
    expect(messages(compile('plain', plain, words)({}))).toEqual(['Enter town or city']);
  });
});
