/**
 * How this project launches Debian's Chromium (Playwright cannot download its own browser
 * here), shared by the e2e config and the benchmarks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps calling Google services this machine cannot reach.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Outside hosts fail at once instead of hanging: tests only ever talk to 127.0.0.1.
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];
