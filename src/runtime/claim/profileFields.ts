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
