import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../src/runtime/validation/ajvCompiler';
import { formatFieldErrors } from '../../../../src/runtime/validation';
import { type JsonSchemaObject } from '../../../../src/runtime/funnel';
import { validationWords } from '../../../../src/gateway/infra/validationWords';

const words = validationWords();

/** Validates with the shared AJV and formats the errors, as the registry does. */
function errorsFor(schema: JsonSchemaObject, data: unknown) {
  const validate = createAjv().compile(schema);
  validate(data);
  return formatFieldErrors(validate.errors, schema, data, words);
}

const schema: JsonSchemaObject = {
  type: 'object',
  required: ['email', 'colour', 'agree', 'nickname'],
  properties: {
    email: { type: 'string', title: 'Email address', format: 'email' },
    colour: {
      title: 'Favourite colour',
      type: 'string',
      oneOf: [
        { const: 'red', title: 'Red' },
        { const: 'blue', title: 'Blue' },
      ],
    },
    agree: { type: 'boolean', const: true, title: 'I agree' },
    nickname: { type: 'string', minLength: 1, maxLength: 5 },
    born: { type: 'string', format: 'date', title: 'Date of birth' },
    age: { type: 'integer', minimum: 18, title: 'Age' },
    postcode: { type: 'string', pattern: '^[A-Z]+$', title: 'UK postcode' },
    owners: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', title: 'Owner name' } },
      },
    },
  },
};

describe('formatFieldErrors', () => {
  it('names missing fields by their title, with GOV.UK verbs', () => {
    expect(errorsFor(schema, {})).toEqual([
      { pointer: '/email', field: 'email', message: 'Enter email address' },
      { pointer: '/colour', field: 'colour', message: 'Select favourite colour' },
      { pointer: '/agree', field: 'agree', message: 'Select I agree' },
      { pointer: '/nickname', field: 'nickname', message: 'Enter nickname' },
    ]);
  });

  it('words each kind of invalid value', () => {
    const messages = errorsFor(schema, {
      email: 'not-an-email',
      colour: 'green',
      agree: false,
      nickname: 'far too long',
      born: '2001-02-30',
      age: 'ten',
      postcode: 'sw1',
    }).map((error) => `${error.field}: ${error.message}`);
    expect(messages).toEqual([
      'email: Enter email address in the correct format, like name@example.com',
      'colour: Select favourite colour',
      'agree: Select I agree',
      'nickname: Nickname must be 5 characters or less',
      'born: Date of birth must be a real date',
      'age: Age must be a number',
      'postcode: Enter UK postcode in the correct format',
    ]);
  });

  it('gives one message per field, not one per oneOf branch', () => {
    const errors = errorsFor(schema, {
      email: 'a@b.co',
      colour: 'green',
      agree: true,
      nickname: 'Sam',
    });
    expect(errors).toEqual([
      { pointer: '/colour', field: 'colour', message: 'Select favourite colour' },
    ]);
  });

  it('prefers the schema’s own x-errorMessages, by dotted field and keyword', () => {
    const custom: JsonSchemaObject = {
      ...schema,
      'x-errorMessages': {
        email: {
          required: 'Enter your email address',
          format: 'Enter an email address in the correct format, like name@example.com',
        },
        'owners.*.name': { required: 'Enter the name of each owner' },
      },
    };
    expect(
      errorsFor(custom, {
        email: 'x',
        colour: 'red',
        agree: true,
        nickname: 'Sam',
        owners: [{ name: 'A' }, {}],
      }),
    ).toEqual([
      {
        pointer: '/email',
        field: 'email',
        message: 'Enter an email address in the correct format, like name@example.com',
      },
      {
        pointer: '/owners/1/name',
        field: 'owners.1.name',
        message: 'Enter the name of each owner',
      },
    ]);
  });

  it('drops the `if` error that only repeats what `then` says, and names nested fields', () => {
    const conditional: JsonSchemaObject = {
      type: 'object',
      properties: { moved: { type: 'boolean' } },
      if: { required: ['moved'], properties: { moved: { const: true } } },
      then: {
        required: ['previous'],
        properties: {
          previous: {
            type: 'object',
            required: ['town'],
            properties: { town: { type: 'string', title: 'Town or city' } },
          },
        },
      },
    };
    expect(errorsFor(conditional, { moved: true })).toEqual([
      { pointer: '/previous', field: 'previous', message: 'Enter previous' },
    ]);
    expect(errorsFor(conditional, { moved: true, previous: {} })).toEqual([
      { pointer: '/previous/town', field: 'previous.town', message: 'Enter town or city' },
    ]);
  });

  it('keeps acronyms, and uses a title given beside a $ref', () => {
    const withRef: JsonSchemaObject = {
      type: 'object',
      required: ['mobile', 'home'],
      properties: {
        mobile: { $ref: '#/definitions/phone' },
        home: { $ref: '#/definitions/phone', title: 'Home phone' },
      },
      definitions: { phone: { type: 'string', title: 'UK mobile number' } },
    };
    expect(errorsFor(withRef, {}).map((error) => error.message)).toEqual([
      'Enter UK mobile number',
      'Enter home phone',
    ]);
  });

  it('lists errors in the order fields are declared, not the order AJV meets them', () => {
    const ordered: JsonSchemaObject = {
      type: 'object',
      properties: {
        first: { type: 'string', minLength: 1 },
        second: { type: 'string', minLength: 1 },
      },
      if: { properties: { first: { const: 'x' } } },
      then: { required: ['later'], properties: { later: { type: 'string' } } },
      required: ['second'],
    };
    expect(errorsFor(ordered, { first: 'x' }).map((error) => error.field)).toEqual([
      'second',
      'later',
    ]);
  });

  it('has nothing to say about valid data', () => {
    expect(formatFieldErrors(null, schema, {}, words)).toEqual([]);
    expect(formatFieldErrors(undefined, schema, {}, words)).toEqual([]);
  });
});

describe('a file question’s errors', () => {
  const photos: JsonSchemaObject = {
    type: 'object',
    required: ['photos'],
    properties: {
      photos: {
        type: 'array',
        title: 'Photos of the damage',
        items: { type: 'object' },
        minItems: 1,
        maxItems: 2,
        'x-evidence': { accept: ['jpeg'], maxFileMB: 10 },
      },
    },
  };

  it('says GOV.UK’s "Select a file" when none is given, or an empty list', () => {
    expect(errorsFor(photos, {}).map((error) => error.message)).toEqual(['Select a file']);
    expect(errorsFor(photos, { photos: [] }).map((error) => error.message)).toEqual([
      'Select a file',
    ]);
  });

  it('says how many files it takes when given more', () => {
    expect(errorsFor(photos, { photos: [{}, {}, {}] }).map((error) => error.message)).toEqual([
      'You can only select up to 2 files',
    ]);
  });
});
