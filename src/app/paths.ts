import { generatePath } from 'react-router-dom';

/**
 * Every route pattern of the app: the
 * router is built from these, and `paths` below builds URLs from the same patterns, so a
 * route's shape is written once.
 */
export const routePatterns = {
  home: '/',
  start: '/start',
  landing: '/LandingPage',
  test: '/test',
  uiExamples: '/ui-examples',
  examples: '/examples',
  examplesLogin: '/examples/login',
  callMotorSpecs: '/examples/callMotorSpecs',
  cookies: '/cookies',
  contact: '/contact',
  privacy: '/privacy',
  accessibility: '/accessibility',
  terms: '/terms',
  login: '/login',
  register: '/register',
  account: '/account',
  yourClaims: '/account/claims',
  /** A funnel's page; its first page opens without a claim owner (before the session exists). */
  formPage: '/form/:funnelId/:pageId/:userId?',
  /** One of the built-in funnel's fixed steps, `/form/<step>/{id?}`. */
  builtInStep: (step: string) => `/form/${step}/:id?`,
  claim: '/claims/:funnelId/:claimId',
  /** "Save and come back later": ask for a link to continue a claim on any device. */
  saveAndReturn: '/save/:funnelId',
  /** Where that emailed link lands (`?request=<id>` plus Firebase's own parameters). */
  returnToClaim: '/return',
  /** The back office (staff only): the claims list, one claim, the emails written, drop-off. */
  staff: '/staff',
  staffClaim: '/staff/claims/:claimId',
  staffOutbox: '/staff/outbox',
  /** Per funnel version: how far claimants get, where they stop, time per page. */
  staffFunnels: '/staff/funnels',
} as const;

const withRedirect = (path: string, redirect?: string) =>
  redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;

/** Every in-app URL is built here, from routePatterns. */
export const paths = {
  home: () => routePatterns.home,
  start: () => routePatterns.start,
  landing: () => routePatterns.landing,
  test: () => routePatterns.test,
  uiExamples: () => routePatterns.uiExamples,
  examples: () => routePatterns.examples,
  examplesLogin: () => routePatterns.examplesLogin,
  callMotorSpecs: () => routePatterns.callMotorSpecs,
  cookies: () => routePatterns.cookies,
  contact: () => routePatterns.contact,
  privacy: () => routePatterns.privacy,
  accessibility: () => routePatterns.accessibility,
  terms: () => routePatterns.terms,
  login: (redirect?: string) => withRedirect(routePatterns.login, redirect),
  /** Creating an account from an anonymous session ("save your progress"). */
  register: (redirect?: string) => withRedirect(routePatterns.register, redirect),
  account: () => routePatterns.account,
  yourClaims: () => routePatterns.yourClaims,
  formPage: (funnelId: string, pageId: string, userId?: string) =>
    userId
      ? generatePath(routePatterns.formPage, { funnelId, pageId, userId })
      : `${generatePath(routePatterns.formPage, { funnelId, pageId })}/`,
  /** The built-in funnel's fixed step routes, `/form/<step>/{id?}`. */
  builtInStep: (step: string, userId?: string) =>
    // generatePath drops an absent optional segment with its slash; our URLs keep it.
    userId ? generatePath(routePatterns.builtInStep(step), { id: userId }) : `/form/${step}/`,
  /** One of the claimant's claims, by id (a sent claim's confirmation, or a way to its draft). */
  claim: (funnelId: string, claimId: string) =>
    generatePath(routePatterns.claim, { funnelId, claimId }),
  saveAndReturn: (funnelId: string) => generatePath(routePatterns.saveAndReturn, { funnelId }),
  returnToClaim: (requestId: string) =>
    `${routePatterns.returnToClaim}?request=${encodeURIComponent(requestId)}`,
  staff: (filters?: URLSearchParams) =>
    filters && filters.size > 0 ? `${routePatterns.staff}?${filters}` : routePatterns.staff,
  staffClaim: (claimId: string) => generatePath(routePatterns.staffClaim, { claimId }),
  staffOutbox: () => routePatterns.staffOutbox,
  staffFunnels: () => routePatterns.staffFunnels,
  previewPage: (funnelId: string, pageId: string) =>
    `/examples?funnel=${encodeURIComponent(funnelId)}&page=${encodeURIComponent(pageId)}`,
};
