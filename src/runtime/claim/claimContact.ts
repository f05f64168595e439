/**
 * Who a claim is from and what it is about, read through the funnel's roles (its `roles`
 * object: which answers are the claimant's name, email and phone, and the claim's subject),
 * never through a field's name: a funnel that asks for `fullName` and a flight number is
 * read as well as one that asks for `firstName`, `lastName` and a registration.
 */
import type { RolesAsked } from '../types';
import { roleFieldOf, subjectKeyOf } from './roleFields';

/** A role's pointers as a funnel file declares them (the generated FunnelRoles fits). */
export interface RolePointers {
  name?: readonly string[];
  email?: string;
  phone?: string;
  subject?: { field: string; label: string };
}

// A type, not an interface: the gateway stores it in a claim document, whose fields are open.
export type ClaimContact = {
  /** The claimant's name: the name role's fields joined with spaces. */
  name: string | null;
  /** Lower case, as emails go to it and staff search it. */
  email: string | null;
  phone: string | null;
  /** What the claim is about, as typed (tidied: trimmed, runs of spaces as one). */
  subject: string | null;
};

/** What a role the funnel does not ask for reads as, wherever it is shown. */
export const NOT_ASKED = 'Not asked in this funnel';
/** What a role the funnel asks for but this claim left blank reads as. */
export const NOT_GIVEN = 'Not given';

type Answers = Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;

function textAt(answers: Answers, pointer: string | undefined): string | null {
  if (!pointer) return null;
  const { pageId, field } = roleFieldOf(pointer);
  const value = answers[pageId]?.[field];
  if (typeof value !== 'string') return null;
  const tidy = value.trim().replace(/\s+/g, ' ');
  return tidy || null;
}

/** The contact details a claim's answers hold, read through the funnel's roles. */
export function claimContactOf(roles: RolePointers | undefined, answers: Answers): ClaimContact {
  const nameParts = (roles?.name ?? []).map((pointer) => textAt(answers, pointer));
  const name = nameParts.filter(Boolean).join(' ');
  return {
    name: name || null,
    email: textAt(answers, roles?.email)?.toLowerCase() ?? null,
    phone: textAt(answers, roles?.phone),
    subject: textAt(answers, roles?.subject?.field),
  };
}

export function rolesAskedOf(roles: RolePointers | undefined): RolesAsked {
  return {
    name: (roles?.name?.length ?? 0) > 0,
    email: Boolean(roles?.email),
    phone: Boolean(roles?.phone),
    subjectLabel: roles?.subject?.label ?? null,
  };
}

/**
 * A stored claim's `contact`, whichever shape it was written in: claims sent before roles
 * kept `firstName`, `lastName` and `registration`; those read as the same roles.
 */
export function storedContactOf(stored: unknown): ClaimContact {
  // A stored claim is unknown here; every field is read as unknown and checked by `text` below.
  const data = (stored ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  const legacyName = [text(data.firstName), text(data.lastName)].filter(Boolean).join(' ');
  return {
    name: text(data.name) ?? (legacyName || null),
    email: text(data.email),
    phone: text(data.phone),
    subject: text(data.subject) ?? text(data.registration),
  };
}

/** A role's value as shown: the value, or why there is none ("Not given", "Not asked…"). */
export function roleText(value: string | null, asked: boolean): string {
  return value ?? (asked ? NOT_GIVEN : NOT_ASKED);
}

/** A stored search term: lower case, runs of spaces as one. */
function searchTermOf(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The terms a staff search box may mean (Firestore `array-contains-any`): as typed, and
 * without its spaces, since a subject is also stored without them however it was typed.
 */
export function searchCandidatesOf(text: string): string[] {
  const term = searchTermOf(text);
  return [...new Set([term, term.replace(/ /g, '')])].filter(Boolean);
}

/**
 * The terms a claim can be found by (Firestore `array-contains`): its reference, the
 * claimant's whole name and each word of it, their email, and the subject (as typed and
 * without spaces), each as searchTermOf makes a typed search.
 */
export function searchTermsOf(reference: string, contact: ClaimContact): string[] {
  const terms = new Set<string>();
  const add = (value: string | null) => {
    if (value && value.trim()) terms.add(searchTermOf(value));
  };
  add(reference);
  add(contact.name);
  for (const word of contact.name?.split(' ') ?? []) add(word);
  add(contact.email);
  add(contact.subject);
  if (contact.subject) add(subjectKeyOf(contact.subject));
  return [...terms];
}
