/**
 * A claim's answers as every room sees them: the funnel runtime navigates and checks them,
 * the claim rules merge and stamp them, and the gateway's contract carries them.
 */

/** One page's answers, as RJSF produces them: the form data of the page schema. */
export type PageAnswers = Record<string, unknown>;

/** A claim's answers so far, keyed by pageId. A page not yet answered is absent. */
export type Answers = Readonly<Record<string, PageAnswers | undefined>>;

/** What the claimant has already told us about themselves, by page schema id. */
export type KnownAnswers = Record<string, PageAnswers>;
