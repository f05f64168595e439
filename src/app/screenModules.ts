/**
 * Every screen but a funnel's pages, each loaded on demand as a chunk of its own (the router
 * names them in routeTable order, see router.tsx). This module is itself loaded on demand: the
 * first page a claimant opens is a funnel page, and its script carries one import of this
 * module instead of an import (and the list of files it needs) per screen.
 */
import type { ComponentType } from 'react';

export const screenModules = {
  home: () => import('./pages/site/HomePage').then((m) => m.HomePage),
  start: () => import('./pages/site/StartPage').then((m) => m.StartPage),
  landing: () => import('./pages/site/LandingPage').then((m) => m.LandingPage),
  test: () => import('./pages/examples/TestPage').then((m) => m.TestPage),
  uiExamples: () => import('./pages/examples/UiExamplesPage').then((m) => m.UiExamplesPage),
  examples: () => import('./pages/examples/ExamplesPage').then((m) => m.ExamplesPage),
  examplesLogin: () =>
    import('./pages/examples/ExamplesLoginPage').then((m) => m.ExamplesLoginPage),
  login: () => import('./pages/login/LoginPage').then((m) => m.LoginPage),
  register: () => import('./pages/account/RegisterPage').then((m) => m.RegisterPage),
  account: () => import('./pages/account/AccountPage').then((m) => m.AccountPage),
  yourClaims: () => import('./pages/account/YourClaimsPage').then((m) => m.YourClaimsPage),
  cookies: () => import('./pages/site/CookiesPage').then((m) => m.CookiesPage),
  contact: () => import('./pages/site/ContactPage').then((m) => m.ContactPage),
  privacy: () => import('./pages/site/SitePage').then((m) => m.PrivacyPage),
  accessibility: () => import('./pages/site/SitePage').then((m) => m.AccessibilityPage),
  terms: () => import('./pages/site/SitePage').then((m) => m.TermsPage),
  callMotorSpecs: () =>
    import('./pages/examples/CallMotorSpecsPage').then((m) => m.CallMotorSpecsPage),
  claim: () => import('./pages/account/ClaimPage').then((m) => m.ClaimPage),
  saveAndReturn: () =>
    import('./pages/saveAndReturn/SaveAndReturnPage').then((m) => m.SaveAndReturnPage),
  returnToClaim: () =>
    import('./pages/saveAndReturn/ReturnToClaimPage').then((m) => m.ReturnToClaimPage),
  // The back office: chunks of their own, which claimants never load.
  staffClaims: () => import('./pages/staff/StaffClaimsPage').then((m) => m.StaffClaimsPage),
  staffClaim: () => import('./pages/staff/StaffClaimPage').then((m) => m.StaffClaimPage),
  staffOutbox: () => import('./pages/staff/StaffOutboxPage').then((m) => m.StaffOutboxPage),
  staffFunnels: () => import('./pages/staff/StaffFunnelsPage').then((m) => m.StaffFunnelsPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type ScreenName = keyof typeof screenModules;

/** The guards of a screen's route (sign-in), loaded with the screens they guard. */
export { RouteChecks } from './routing/routeChecks';
