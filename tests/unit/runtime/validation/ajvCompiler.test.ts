import { customizeValidator } from '@rjsf/validator-ajv8';
import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from '../../../../src/runtime/validation';
import { SchemaCompileError } from '../../../../src/runtime/funnel';
import {
  createAjv,
  createAjvCompileValidator,
} from '../../../../src/runtime/validation/ajvCompiler';
import { projectInput, projectRegistry } from '../projectFiles';
import { validationWords } from '../../../../src/gateway/infra/validationWords';

const words = validationWords();

const schemaFile = (id: string) =>
  projectInput().schemas[`schemas/${id}.schema.json`] as RJSFSchema;

describe('createAjv', () => {
  it('resolves refs between schema files by $id, as the files are written', () => {
    const ajv = createAjv();
    ajv.addSchema(schemaFile('common'));
    const validate = ajv.compile(schemaFile('contact'));
    expect(
      validate({
        firstName: 'Sam',
        lastName: 'Jones',
        email: 'sam@example.com',
        phoneNumber: '07700 900982',
      }),
    ).toBe(true);
    expect(
      validate({
        firstName: 'Sam',
        lastName: 'Jones',
        email: 'sam@example.com',
        phoneNumber: '01632 960001',
      }),
    ).toBe(false);
  });

  it('agrees with the bundled schema on the same data', () => {
    const ajv = createAjv();
    ajv.addSchema(schemaFile('common'));
    const fromFiles = ajv.compile(schemaFile('address'));
    const bundled = createAjv().compile(projectRegistry().bundlePageSchema('address')!);
    const samples = [
      {
        addressLine1: '1 High St',
        town: 'Leeds',
        postcode: 'LS1 4AP',
        yearsAtAddress: '3-or-more',
      },
      {
        addressLine1: '1 High St',
        town: 'Leeds',
        postcode: 'LS1 4AP',
        yearsAtAddress: 'less-than-3',
      },
      { addressLine1: '1 High St', town: 'Leeds', postcode: 'nope', yearsAtAddress: '3-or-more' },
    ];
    for (const sample of samples) expect(bundled(sample)).toBe(fromFiles(sample));
  });
});

describe('createAjvCompileValidator', () => {
  it('counts only an answer\'s own fields: {} does not have a required "constructor"', () => {
    const validate = createAjvCompileValidator()(
      'inherited',
      {
        type: 'object',
        required: ['constructor'],
        properties: { constructor: { type: 'string', title: 'Constructor' } },
      },
      words,
    );
    expect(validate({}).valid).toBe(false);
    expect(validate({ constructor: 'Ford' }).valid).toBe(true);
  });

  it('returns valid results with claimant messages', () => {
    const compile = createAjvCompileValidator();
    const validate = compile(
      'age',
      {
        type: 'object',
        required: ['age'],
        properties: { age: { type: 'integer', title: 'Your age', minimum: 18 } },
      },
      words,
    );
    expect(validate({ age: 30 })).toEqual({ valid: true, errors: [] });
    expect(validate({ age: 3 })).toEqual({
      valid: false,
      errors: [{ pointer: '/age', field: 'age', message: 'Your age must be 18 or more' }],
    });
  });

  it('throws SchemaCompileError pointing at the bad keyword', () => {
    const compile = createAjvCompileValidator();
    const attempt = () => compile('broken', { properties: { age: { type: 'integr' } } }, words);
    expect(attempt).toThrow(SchemaCompileError);
    expect(attempt).toThrow(/^broken: not a valid JSON Schema/);
    try {
      attempt();
    } catch (error) {
      expect((error as SchemaCompileError).pointer).toBe('/properties/age/type');
    }
  });

  it('reports an unresolvable ref as a compile error', () => {
    const compile = createAjvCompileValidator();
    expect(() => compile('lost', { $ref: '#/definitions/missing' }, words)).toThrow(
      /lost: can't resolve reference/,
    );
  });
});

describe('RJSF with the bundled page schemas', () => {
  const registry = projectRegistry();
  const validator = customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS });

  it('shows the previous address only when the claimant has lived at the address under 3 years', () => {
    const schema = registry.bundlePageSchema('address') as RJSFSchema;
    const shortStay = retrieveSchema(validator, schema, schema, { yearsAtAddress: 'less-than-3' });
    const longStay = retrieveSchema(validator, schema, schema, { yearsAtAddress: '3-or-more' });
    expect(Object.keys(shortStay.properties ?? {})).toContain('previousAddress');
    expect(shortStay.required).toContain('previousAddress');
    expect(Object.keys(longStay.properties ?? {})).not.toContain('previousAddress');
  });

  it('hides lender and agreement dates when no finance was used', () => {
    const schema = registry.bundlePageSchema('vehicle-finance') as RJSFSchema;
    const none = retrieveSchema(validator, schema, schema, { financeType: 'none' });
    const pcp = retrieveSchema(validator, schema, schema, { financeType: 'pcp' });
    expect(Object.keys(none.properties ?? {})).not.toContain('lenderName');
    expect(Object.keys(pcp.properties ?? {})).toEqual(
      expect.arrayContaining(['lenderName', 'agreementEndDate']),
    );
  });

  it('validates with the same outcome as the registry', () => {
    const schema = registry.bundlePageSchema('vehicle-finance') as RJSFSchema;
    const answers = {
      registrationNumber: 'AB12 CDE',
      make: 'Ford',
      model: 'Focus',
      financeType: 'pcp',
      lenderName: 'Lender',
      agreementStartDate: '2020-01-01',
      agreementEndDate: '2019-01-01',
    };
    const rjsf = validator.validateFormData(answers, schema);
    // RJSF also lists the `if` keyword's "must match else schema" at the root; a renderer
    // drops it in transformErrors, as formatFieldErrors does.
    const fieldErrors = rjsf.errors.filter((error) => error.name !== 'if');
    expect(fieldErrors.map((error) => error.property)).toEqual(['.agreementEndDate']);
    expect(
      registry.validatePage('vehicle-claim', 'check', answers).errors.map((e) => e.field),
    ).toEqual(['agreementEndDate']);
    expect(validator.isValid(schema, { ...answers, agreementEndDate: '2023-01-01' }, schema)).toBe(
      true,
    );
  });
});
