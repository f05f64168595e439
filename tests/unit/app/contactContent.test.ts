import { describe, expect, it } from 'vitest';
import content from '../../../src/app/content/contact.json';
import schema from '../../../src/app/content/contact.schema.json';
import { createAjvCompileValidator } from '../../../src/runtime/validation/ajvCompiler';

describe('src/app/content/contact.json', () => {
  it('matches its schema, so /contact renders what the business wrote', () => {
    const result = createAjvCompileValidator()('contact', schema)(content);
    expect(result.errors).toEqual([]);
  });
});
