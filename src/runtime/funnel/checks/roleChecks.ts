/**
 * The funnel's `roles` (which answers are the claimant's name, email, phone and the claim's
 * subject) must each name a text field of one of its pages: the platform reads claims only
 * through them, so a wrong pointer would leave every claim of the funnel nameless.
 */
import { pointerOf } from '../schema/jsonPointer';
import type { Funnel, JsonSchemaObject } from '../types';
import { closestName } from './closestName';

/** A problem inside the funnel file (funnelChecks' FunnelProblem, written out: no cycle). */
interface FunnelProblem {
  pointer: string;
  message: string;
}

function roleFieldOf(pointer: string): { pageId: string; field: string } {
  const [, pageId = '', ...rest] = pointer.split('/');
  return { pageId, field: rest.join('/').replace(/~1/g, '/').replace(/~0/g, '~') };
}

/**
 * Whether a property schema may hold text: a string type, or no type of its own (a `$ref` to
 * a shared definition, such as a registration, is the definition's to say).
 */
function holdsText(property: unknown): boolean {
  if (property === null || typeof property !== 'object') return false;
  // Checked to be a non-null object just above; `type` is compared against known values below.
  const type = (property as JsonSchemaObject).type;
  if (type === undefined) return true;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

/** Each role pointer's problem: a page the funnel lacks, a field its schema lacks, no text. */
export function checkRoles(
  funnel: Funnel,
  pageSchemas: ReadonlyMap<string, JsonSchemaObject>,
): FunnelProblem[] {
  const roles = funnel.roles;
  if (!roles) return [];
  const pointers: Array<{ at: string; pointer: string }> = [
    ...(roles.name ?? []).map((pointer, i) => ({ at: pointerOf('roles', 'name', i), pointer })),
    ...(roles.email ? [{ at: pointerOf('roles', 'email'), pointer: roles.email }] : []),
    ...(roles.phone ? [{ at: pointerOf('roles', 'phone'), pointer: roles.phone }] : []),
    ...(roles.subject
      ? [{ at: pointerOf('roles', 'subject', 'field'), pointer: roles.subject.field }]
      : []),
  ];
  const problems: FunnelProblem[] = [];
  for (const { at, pointer } of pointers) {
    const { pageId, field } = roleFieldOf(pointer);
    const page = funnel.pages.find((candidate) => candidate.pageId === pageId);
    if (!page) {
      const guess = closestName(
        pageId,
        funnel.pages.map((candidate) => candidate.pageId),
      );
      problems.push({
        pointer: at,
        message: `"${pointer}" names page "${pageId}", which this funnel does not have${guess ? ` (did you mean "${guess}"?)` : ''}`,
      });
      continue;
    }
    const schema = pageSchemas.get(page.schema);
    // A page whose schema is missing or broken is reported where it is named.
    if (!schema) continue;
    // JSON Schema properties is an object of subschemas; only its keys are used.
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    if (!Object.hasOwn(properties, field)) {
      const guess = closestName(field, Object.keys(properties));
      problems.push({
        pointer: at,
        message: `"${pointer}": page "${pageId}" (schema ${page.schema}) has no field "${field}"${guess ? ` (did you mean "${guess}"?)` : ` (its fields: ${Object.keys(properties).join(', ') || 'none'})`}`,
      });
      continue;
    }
    if (!holdsText(properties[field])) {
      problems.push({
        pointer: at,
        message: `"${pointer}": field "${field}" of page "${pageId}" is not text, so it cannot be a name, email, phone or subject`,
      });
    }
  }
  return problems;
}
