/**
 * A validator compiled once per schema key words its errors from the copy of the schema it is
 * asked with: the same rules read in another language say that language's messages.
 */
import { describe, expect, it } from 'vitest';
import { compileOncePerKey, localizeSchema } from '../../../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { createPrecompiledCompileValidator } from '../../../../src/runtime/validation/precompiledValidation';

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
    const compile = compileOncePerKey((key, given) => {
      compiles += 1;
      return ajv(key, given);
    });
    expect(messages(compile('about', schema)({}))).toEqual(['Enter your full name']);
    expect(messages(compile('about', welsh)({}))).toEqual(['Rhowch eich enw llawn']);
    expect(messages(compile('about', schema)({}))).toEqual(['Enter your full name']);
    expect(compiles).toBe(1);
  });

  it('says them from a precompiled validator too', () => {
    const ajv = createAjvCompileValidator();
    // A standalone validator: validity returned, errors left on itself, as AJV writes one.
    const english = ajv('about', schema);
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
    expect(messages(compile('about', schema)({}))).toEqual(['Enter your full name']);
    expect(messages(compile('about', welsh)({}))).toEqual(['Rhowch eich enw llawn']);
  });
});
