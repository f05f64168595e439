/**
 * Refuses a file question (`x-evidence`) that cannot work: an unknown kind of file, a size
 * above the platform's ceiling or not a positive number, more files than a question may ask
 * for, or a question whose answer is not the list of stored files the gateway records.
 */
import {
  EVIDENCE_KIND_NAMES,
  MAX_EVIDENCE_FILE_MB,
  MAX_FILES_PER_QUESTION,
} from '../../../contract/evidence';
import { forEachSchemaObject } from '../../schema/schemaWalk';
import { pointerOf } from '../../schema/jsonPointer';
import type { JsonSchemaObject } from '../../types';

interface EvidenceQuestionProblem {
  pointer: string;
  message: string;
}

/** What a file question's items must be: the shared stored-file definition. */
const EVIDENCE_FILE_REF = 'common#/definitions/evidenceFile';

export function checkEvidenceQuestions(schema: JsonSchemaObject): EvidenceQuestionProblem[] {
  const problems: EvidenceQuestionProblem[] = [];
  forEachSchemaObject(schema, (object, pointer) => {
    const spec = object['x-evidence'];
    if (spec === undefined) return;
    const at = (keyword: string) => `${pointer}${pointerOf(keyword)}`;
    const problem = (where: string, message: string) => problems.push({ pointer: where, message });
    // The page draws, uploads and keeps files for a question of its own, not one inside another.
    if (!/^\/properties\/[^/]+$/.test(pointer)) {
      problem(at('x-evidence'), 'a file question must be a property of the page schema itself');
    }
    if (object.type !== 'array') {
      problem(at('type'), 'a file question (x-evidence) must be "type": "array"');
    }
    // items is a subschema here; it is checked against the evidence file $ref just below.
    const items = object.items as JsonSchemaObject | undefined;
    if (!items || items.$ref !== EVIDENCE_FILE_REF) {
      problem(at('items'), `a file question's items must be {"$ref": "${EVIDENCE_FILE_REF}"}`);
    }
    const maxItems = object.maxItems;
    if (
      maxItems !== undefined &&
      (typeof maxItems !== 'number' ||
        !Number.isInteger(maxItems) ||
        maxItems < 1 ||
        maxItems > MAX_FILES_PER_QUESTION)
    ) {
      problem(at('maxItems'), `must be a whole number from 1 to ${MAX_FILES_PER_QUESTION}`);
    }
    // Without the page's `required` naming it, a page sent with no answer at all passes.
    const name = pointer.split('/').pop() ?? '';
    // The meta-schema makes `required` a list of names, checked before these keyword checks run.
    const requiredNames = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const minItems = typeof object.minItems === 'number' ? object.minItems : 0;
    if (minItems > 0 && !requiredNames.includes(name)) {
      problem(
        at('minItems'),
        `a required file question ("minItems": ${minItems}) must be named in the schema's "required" too`,
      );
    }
    if (minItems === 0 && requiredNames.includes(name)) {
      problem(
        at('minItems'),
        'a file question named in "required" needs "minItems": 1, or no file at all would do',
      );
    }
    if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
      problem(at('x-evidence'), 'must be an object: {"accept": [...], "maxFileMB": 10}');
      return;
    }
    // The caller has checked x-evidence is an object; its keys are inspected one by one below.
    const { accept, maxFileMB, ...rest } = spec as Record<string, unknown>;
    for (const key of Object.keys(rest)) {
      problem(
        `${at('x-evidence')}${pointerOf(key)}`,
        'is not a file question setting (accept, maxFileMB)',
      );
    }
    if (!Array.isArray(accept) || accept.length === 0) {
      problem(
        `${at('x-evidence')}/accept`,
        `must list the kinds of file accepted, from ${EVIDENCE_KIND_NAMES.join(', ')}`,
      );
    } else {
      accept.forEach((kind, index) => {
        // Array.includes on a list of literal names takes only those names; asking is how we learn it is one.
        if (!EVIDENCE_KIND_NAMES.includes(kind as never)) {
          problem(
            `${at('x-evidence')}/accept/${index}`,
            `${JSON.stringify(kind)} is not a kind of file the platform accepts (${EVIDENCE_KIND_NAMES.join(', ')})`,
          );
        }
      });
    }
    if (typeof maxFileMB !== 'number' || !Number.isFinite(maxFileMB) || maxFileMB <= 0) {
      problem(`${at('x-evidence')}/maxFileMB`, 'must be the largest file in MB, a number above 0');
    } else if (maxFileMB > MAX_EVIDENCE_FILE_MB) {
      problem(
        `${at('x-evidence')}/maxFileMB`,
        `${maxFileMB} MB is above the platform's ceiling of ${MAX_EVIDENCE_FILE_MB} MB a file`,
      );
    }
  });
  return problems;
}
