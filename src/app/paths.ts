/** Every in-app URL is built here, so a route's shape is known in one place. */
export const paths = {
  home: () => '/',
  start: () => '/start',
  landing: () => '/LandingPage',
  test: () => '/test',
  uiExamples: () => '/ui-examples',
  examples: () => '/examples',
  examplesLogin: () => '/examples/login',
  callMotorSpecs: () => '/examples/callMotorSpecs',
  cookies: () => '/cookies',
  login: (redirect?: string) =>
    redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login',
  /** Creating an account from an anonymous session ("save your progress"). */
  register: (redirect?: string) =>
    redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register',
  account: () => '/account',
  yourClaims: () => '/account/claims',
  formPage: (funnelId: string, pageId: string, userId: string) =>
    `/form/${encodeURIComponent(funnelId)}/${encodeURIComponent(pageId)}/${encodeURIComponent(userId)}`,
  /** The built-in funnel's fixed step routes, `/form/<step>/{id?}` (spec section 2). */
  builtInStep: (step: string, userId?: string) =>
    `/form/${step}/${userId ? encodeURIComponent(userId) : ''}`,
  /** One of the claimant's claims, by id (a sent claim's confirmation, or a way to its draft). */
  claim: (funnelId: string, claimId: string) =>
    `/claims/${encodeURIComponent(funnelId)}/${encodeURIComponent(claimId)}`,
  previewPage: (funnelId: string, pageId: string) =>
    `/examples?funnel=${encodeURIComponent(funnelId)}&page=${encodeURIComponent(pageId)}`,
};
