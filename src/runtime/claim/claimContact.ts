/**
 * Who a sent claim is from and what it is about, as staff search and write to it: the
 * claimant's name and email and the vehicle's registration, wherever in the funnel a page
 * asked for them (the profile field names every funnel uses: firstName, lastName, email,
 * registrationNumber).
 */
import { registrationOf } from './formats/vehicleRegistration';

export interface ClaimContact {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  registration: string | null;
}

type Answers = Record<string, Record<string, unknown> | undefined>;

function firstText(answers: Answers, pageIds: readonly string[], field: string): string | null {
  for (const pageId of pageIds) {
    const value = answers[pageId]?.[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

/** The contact details in a claim's answers, read in the funnel's page order. */
export function claimContactOf(answers: Answers, pageOrder: readonly string[]): ClaimContact {
  const pageIds = [...pageOrder, ...Object.keys(answers).filter((id) => !pageOrder.includes(id))];
  let registration: string | null = null;
  for (const pageId of pageIds) {
    registration ??= registrationOf(answers[pageId]);
  }
  return {
    firstName: firstText(answers, pageIds, 'firstName'),
    lastName: firstText(answers, pageIds, 'lastName'),
    email: firstText(answers, pageIds, 'email')?.toLowerCase() ?? null,
    registration,
  };
}

/** A stored search term: lower case, runs of spaces as one. */
export function searchTermOf(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The terms a staff search box may mean (Firestore `array-contains-any`): as typed, and
 * without its spaces, since a registration is stored as AB12CDE however it was typed.
 */
export function searchCandidatesOf(text: string): string[] {
  const term = searchTermOf(text);
  return [...new Set([term, term.replace(/ /g, '')])].filter(Boolean);
}

/**
 * The terms a claim can be found by (Firestore `array-contains`): its reference, the
 * claimant's first name, last name, full name and email, and the registration, each as
 * searchTermOf makes a typed search.
 */
export function searchTermsOf(reference: string, contact: ClaimContact): string[] {
  const terms = new Set<string>();
  const add = (value: string | null) => {
    if (value) terms.add(searchTermOf(value));
  };
  add(reference);
  add(contact.firstName);
  add(contact.lastName);
  if (contact.firstName && contact.lastName) add(`${contact.firstName} ${contact.lastName}`);
  add(contact.email);
  if (contact.registration) {
    terms.add(contact.registration.toLowerCase());
  }
  return [...terms];
}
