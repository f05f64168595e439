/**
 * An area's messages are written once, in its English file: the check of every language's
 * file takes its keys from there, and the schema adds only what English cannot say.
 */
import { describe, expect, it } from 'vitest';
import { areaSchemaOf, contentSchemaChecker } from '../../../scripts/lib/contentSchemas';
import { readMessages } from '../../../scripts/lib/icuMessages';
import { projectRoot } from '../runtime/projectFiles';

const check = contentSchemaChecker(projectRoot);
const english = readMessages(`${projectRoot}/src/content/messages/errors.en-GB.json`);

describe('an area’s schema, completed from its English file', () => {
  it('requires every English key as a message, keeps a key’s own rule, and allows no other', () => {
    const schema = areaSchemaOf(
      { properties: { special: { type: 'string', description: 'why' } } },
      { 'a.one': 'One', 'a.two': 'Two' },
    );
    expect(schema).toMatchObject({
      required: ['a.one', 'a.two', 'special'],
      properties: {
        'a.one': { $ref: '#/definitions/message' },
        special: { type: 'string', description: 'why' },
      },
      additionalProperties: false,
    });
  });

  it('passes the English file itself', () => {
    expect(
      check(
        'src/content/messages/errors.en-GB.json',
        'src/content/messages/schemas/errors.schema.json',
        english,
      ),
    ).toEqual([]);
  });

  it('names a translation’s missing key, its unknown key and its empty message', () => {
    const [first, second, ...rest] = Object.keys(english);
    const translation: Record<string, string> = Object.fromEntries(
      rest.map((key) => [key, `cy ${english[key]}`]),
    );
    translation[second!] = '';
    translation['errorPage.titel'] = 'Gwall';
    const problems = check(
      'src/content/messages/errors.cy.json',
      'src/content/messages/schemas/errors.schema.json',
      translation,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        `src/content/messages/errors.cy.json: /: must have required property '${first}'`,
        `src/content/messages/errors.cy.json: /${second}: must NOT have fewer than 1 characters`,
        'src/content/messages/errors.cy.json: /: must NOT have additional properties ("errorPage.titel", which src/content/messages/errors.en-GB.json does not have)',
      ]),
    );
  });
});
