/**
 * Refuses a `description` of a schema file itself. Every `description` in a page schema is
 * what a claimant reads (a question's is the hint under its label), but a page's own text is
 * its funnel page's `description`, so the schema's own would be translated and shown nowhere:
 * it is a note for developers, which JSON Schema writes as `$comment`.
 */
import type { JsonSchemaObject } from '../../types';

interface SchemaOwnDescriptionProblem {
  pointer: string;
  message: string;
}

export function checkSchemaOwnDescription(schema: JsonSchemaObject): SchemaOwnDescriptionProblem[] {
  if (schema.description === undefined) return [];
  return [
    {
      pointer: '/description',
      message:
        'a schema file’s own "description" is shown nowhere: write a note for developers as "$comment", and a page’s text as its funnel page’s "description"',
    },
  ];
}
