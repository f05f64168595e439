import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { hostingSecurityHeaders, localSecurityHeaders } from '../../../scripts/lib/securityHeaders';
import { consentStorage } from '../../../src/platform/consentStorage';
import { CONSENT_STORAGE_KEY } from '../../../src/runtime/constants';
import { MemoryStorage } from '../../support/memoryStorage';

const root = resolve(import.meta.dirname, '../../..');
const directive = (policy: string | undefined, name: string) =>
  (policy ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(' ')[0] === name);

describe('security headers', () => {
  it('are sent by Firebase Hosting with a strict policy: no inline or eval script, no framing', () => {
    const headers = hostingSecurityHeaders(root);
    const policy = headers['Content-Security-Policy'];
    expect(directive(policy, 'script-src')).not.toMatch(/unsafe|\*|data:/);
    expect(directive(policy, 'style-src')).toBe("style-src 'self'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d{8}/);
  });

  it('keep source maps off the hosted site', () => {
    const config = JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8')) as {
      hosting: { ignore: string[] };
    };
    expect(config.hosting.ignore).toContain('**/*.map');
  });

  it('are the same locally, but for the emulators, plain HTTP and HSTS', () => {
    const hosted = hostingSecurityHeaders(root);
    const local = localSecurityHeaders(root, null);
    expect(local['Strict-Transport-Security']).toBeUndefined();
    const policy = local['Content-Security-Policy'];
    expect(directive(policy, 'upgrade-insecure-requests')).toBeUndefined();
    expect(directive(policy, 'connect-src')).toBe(
      `${directive(hosted['Content-Security-Policy'], 'connect-src')} http://127.0.0.1:9099 http://127.0.0.1:5001`,
    );
    for (const name of ['script-src', 'style-src', 'frame-ancestors', 'object-src']) {
      expect(directive(policy, name), name).toBe(
        directive(hosted['Content-Security-Policy'], name),
      );
    }
    expect(local['X-Frame-Options']).toBe(hosted['X-Frame-Options']);
  });

  it('let the dev server add only its nonce, its reload socket and run-time validator compiling', () => {
    const policy = localSecurityHeaders(root, {
      nonce: 'n1',
      socketOrigin: 'ws://127.0.0.1:5173',
    })['Content-Security-Policy'];
    expect(directive(policy, 'script-src')).toMatch(/ 'nonce-n1' 'unsafe-eval'$/);
    expect(directive(policy, 'style-src')).toBe("style-src 'self' 'nonce-n1'");
    expect(directive(policy, 'connect-src')).toMatch(/ ws:\/\/127\.0\.0\.1:5173$/);
  });

  describe("index.html's one inline script (whether the prerendered cookie banner shows)", () => {
    const html = readFileSync(resolve(root, 'index.html'), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

    it('is allowed by its hash, and is the only inline script', () => {
      expect(inline).toHaveLength(1);
      const hash = createHash('sha256').update(inline[0]!).digest('base64');
      const scriptSrc = directive(
        hostingSecurityHeaders(root)['Content-Security-Policy'],
        'script-src',
      );
      expect(scriptSrc?.split(' ')).toContain(`'sha256-${hash}'`);
    });

    /** The attribute the script sets on <html>, given what the browser's storage holds. */
    function bannerAttribute(storage: Pick<Storage, 'getItem'>): string | null {
      const attributes = new Map<string, string>();
      runInNewContext(inline[0]!, {
        localStorage: storage,
        document: {
          documentElement: {
            setAttribute: (name: string, value: string) => attributes.set(name, value),
          },
          addEventListener: () => undefined,
        },
        JSON,
      });
      return attributes.get('data-cookie-banner') ?? null;
    }

    it('asks exactly when consentStorage has no choice (none, stale, unreadable, blocked)', () => {
      const storage = new MemoryStorage();
      expect(bannerAttribute(storage)).toBe('ask');
      for (const analytics of [true, false]) {
        consentStorage.write(storage, { analytics });
        expect(consentStorage.read(storage)).not.toBeNull();
        expect(bannerAttribute(storage)).toBeNull();
      }
      for (const stored of [
        '{"version":0,"analytics":true}',
        '{"version":1}',
        'not json',
        'null',
      ]) {
        storage.setItem(CONSENT_STORAGE_KEY, stored);
        expect(consentStorage.read(storage)).toBeNull();
        expect(bannerAttribute(storage)).toBe('ask');
      }
      const blocked = {
        getItem: () => {
          throw new Error('SecurityError');
        },
      };
      expect(bannerAttribute(blocked)).toBe('ask');
    });
  });
});
