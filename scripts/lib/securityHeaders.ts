/**
 * The site's security headers have one source: the `**` entry of firebase.json's hosting
 * headers, which Firebase Hosting sends in production. The local servers (`npm start`, the
 * test stack's preview, the bench preview) send the same headers through vite.config.ts, so
 * every test runs under the production Content Security Policy, changed only where the
 * machine differs: the emulators are plain-HTTP origins on this machine, and so is the site.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EMULATOR_HOST, EMULATOR_PORTS } from '../../src/runtime/constants';

interface HostingHeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
}

/** The headers Firebase Hosting sends with every response of the site. */
export function hostingSecurityHeaders(root: string): Record<string, string> {
  const config = JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8')) as {
    hosting?: { headers?: HostingHeaderRule[] };
  };
  const rule = config.hosting?.headers?.find((entry) => entry.source === '**');
  if (!rule) throw new Error('firebase.json: hosting.headers has no "**" entry (security headers)');
  return Object.fromEntries(rule.headers.map(({ key, value }) => [key, value]));
}

function withDirectives(
  policy: string,
  change: (name: string, values: string[]) => string[] | null,
): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .flatMap((directive) => {
      const [name = '', ...values] = directive.split(/\s+/);
      const changed = change(name, values);
      return changed ? [[name, ...changed].join(' ')] : [];
    })
    .join('; ');
}

/**
 * The production headers for a local server: the emulators' origins may be connected to
 * (Auth, the gateway's Functions, and Storage, where the browser sends evidence files' bytes:
 * production's upload sessions are on https://storage.googleapis.com, in firebase.json's policy),
 * requests are not upgraded to HTTPS (nothing here speaks it), and HSTS is left out. The dev
 * server also needs its module-reload socket, a nonce for the scripts and styles Vite injects
 * into the page (`html.cspNonce`), and 'unsafe-eval' because in development AJV compiles the
 * page validators in the browser; a production build precompiles them and needs none of it
 * (the test stack and the bench serve builds, under the production policy).
 */
export function localSecurityHeaders(
  root: string,
  dev: { nonce: string; socketOrigin: string } | null,
): Record<string, string> {
  const { 'Strict-Transport-Security': _hsts, ...headers } = hostingSecurityHeaders(root);
  const emulators = [EMULATOR_PORTS.auth, EMULATOR_PORTS.functions, EMULATOR_PORTS.storage].map(
    (port) => `http://${EMULATOR_HOST}:${port}`,
  );
  const policy = headers['Content-Security-Policy'];
  if (policy) {
    headers['Content-Security-Policy'] = withDirectives(policy, (name, values) => {
      if (name === 'upgrade-insecure-requests') return null;
      if (name === 'connect-src') {
        return [...values, ...emulators, ...(dev ? [dev.socketOrigin] : [])];
      }
      // A staff preview of a photo is drawn from the evidence download function's link.
      if (name === 'img-src')
        return [...values, `http://${EMULATOR_HOST}:${EMULATOR_PORTS.functions}`];
      if (dev && name === 'script-src') return [...values, `'nonce-${dev.nonce}'`, "'unsafe-eval'"];
      if (dev && name === 'style-src') return [...values, `'nonce-${dev.nonce}'`];
      return values;
    });
  }
  return headers;
}
