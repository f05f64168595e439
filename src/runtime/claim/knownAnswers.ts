import type { KnownAnswers, PageAnswers } from '../types';
import { PROFILE_FIELD_NAMES, type ProfileFields } from './profileFields';

/**
 * The page-schema keyword that marks answers about the claimant rather than about one claim
 * (name, contact details, address): a new claim offers the latest of them pre-filled, for
 * the claimant to confirm (WCAG 2.2 SC 3.3.7, redundant entry).
 */
export const ABOUT_THE_CLAIMANT_KEYWORD = 'x-aboutTheClaimant';

/** Known answers, by page schema id (the contract carries them, so they live in runtime/types). */
export type { KnownAnswers };

interface KnownAnswersInput {
  /** The claimant's claims, newest first, each with its answers by page id. */
  claims: ReadonlyArray<{ funnelId: string; answers: Record<string, PageAnswers> }>;
  /** The schema id of a funnel's page, or undefined when the page is not known. */
  schemaOfPage: (funnelId: string, pageId: string) => string | undefined;
  /** Whether a page schema's answers are about the claimant (see ABOUT_THE_CLAIMANT_KEYWORD). */
  isAboutTheClaimant: (schemaId: string) => boolean;
  /** The claimant's profile, newer than any claim's copy of the same fields. */
  profile: Partial<ProfileFields> | null;
  /** The schema whose fields carry the profile's names (the contact page's). */
  profileSchemaId: string;
}

/**
 * What the claimant has already told us, by page schema: for each schema about the
 * claimant, the answers of its newest page in any of their claims, with the profile's
 * fields laid over the profile schema's answers (the account page may have changed them
 * since). Nothing is invented: a schema no claim answered and the profile does not cover is
 * left out.
 */
export function collectKnownAnswers(input: KnownAnswersInput): KnownAnswers {
  const known: KnownAnswers = {};
  for (const claim of input.claims) {
    for (const [pageId, answers] of Object.entries(claim.answers)) {
      const schemaId = input.schemaOfPage(claim.funnelId, pageId);
      if (!schemaId || known[schemaId] || !input.isAboutTheClaimant(schemaId)) continue;
      if (Object.keys(answers).length > 0) known[schemaId] = { ...answers };
    }
  }
  const fromProfile: PageAnswers = {};
  for (const name of PROFILE_FIELD_NAMES) {
    const value = input.profile?.[name];
    if (typeof value === 'string' && value.trim() !== '') fromProfile[name] = value;
  }
  if (Object.keys(fromProfile).length > 0 && input.isAboutTheClaimant(input.profileSchemaId)) {
    known[input.profileSchemaId] = { ...known[input.profileSchemaId], ...fromProfile };
  }
  return known;
}
