import { claimContactOf, type RolePointers } from './claimContact';
import { roleFieldOf } from './roleFields';

/** The profile fields a claimant types; the start page's questions carry the same names. */
export interface ProfileFields {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export const PROFILE_FIELD_NAMES = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;

/** The profile fields found in a page's answers (strings only; others are left out). */
export function profileFieldsOf(answers: Record<string, unknown>): Partial<ProfileFields> {
  const fields: Partial<ProfileFields> = {};
  for (const name of PROFILE_FIELD_NAMES) {
    const value = answers[name];
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** The profile fields the funnel's roles fill: a name as one text, an email and a phone. */
interface RoleProfileFields {
  name: string;
  email: string;
  phoneNumber: string;
}

/**
 * What a saved page gives the claimant's profile through the funnel's roles (any funnel, any
 * field names): the name role's fields on this page joined, its email and phone. A role
 * whose field is on another page gives nothing here.
 */
export function roleProfileFieldsOf(
  roles: RolePointers | undefined,
  pageId: string,
  answers: Record<string, unknown>,
): Partial<RoleProfileFields> {
  const onThisPage = (pointer: string | undefined) =>
    pointer !== undefined && roleFieldOf(pointer).pageId === pageId;
  const contact = claimContactOf(roles, { [pageId]: answers });
  const fields: Partial<RoleProfileFields> = {};
  if (contact.name && roles?.name?.some(onThisPage)) fields.name = contact.name;
  if (contact.email && onThisPage(roles?.email)) fields.email = contact.email;
  if (contact.phone && onThisPage(roles?.phone)) fields.phoneNumber = contact.phone;
  return fields;
}
