import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { hostingSecurityHeaders, localSecurityHeaders } from '../../../scripts/lib/securityHeaders';
import { consentStorage } from '../../../src/platform/browserStorage/consentStorage';
import { draftStorage } from '../../../src/platform/browserStorage/draftStorage';
import { lastSession } from '../../../src/platform/browserStorage/lastSession';
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

  it("let the browser send evidence files' bytes to Cloud Storage's upload sessions", () => {
    const policy = hostingSecurityHeaders(root)['Content-Security-Policy'];
    expect(directive(policy, 'connect-src')?.split(' ')).toContain(
      'https://storage.googleapis.com',
    );
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
      `${directive(hosted['Content-Security-Policy'], 'connect-src')} http://127.0.0.1:9099 http://127.0.0.1:5001 http://127.0.0.1:9199`,
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

  describe("index.html's one inline script (cookie banner before the app, the app's script)", () => {
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
        window: { addEventListener: () => undefined },
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

    /** Whether the script hides a funnel's prerendered first page for a returning claimant. */
    function hidesFirstPage(storage: Pick<Storage, 'getItem'>, firstPageOf: string | null) {
      const attributes = new Map<string, string>();
      if (firstPageOf) attributes.set('data-first-page-of', firstPageOf);
      const document = {
        // As prerendered: the page's title, then the site file's suffix.
        title: 'Your fine – Parking Appeals',
        documentElement: {
          setAttribute: (name: string, value: string) => attributes.set(name, value),
          getAttribute: (name: string) => attributes.get(name) ?? null,
        },
        addEventListener: () => undefined,
      };
      runInNewContext(inline[0]!, {
        localStorage: storage,
        document,
        window: { addEventListener: () => undefined },
        JSON,
        Object,
      });
      const hidden = attributes.has('data-returning');
      // The site's own suffix is kept: the script names no deployment.
      if (hidden) expect(document.title).toBe('Loading your answers – Parking Appeals');
      return hidden;
    }

    it('hides a first page exactly when drawBeforeLoad would not draw it empty', () => {
      const storage = new MemoryStorage();
      const draft = (claimId: string | null, answers: Record<string, Record<string, unknown>>) => ({
        funnelId: 'fine-appeal',
        claimId,
        answers,
        currentPageId: null,
        unsavedPageIds: [],
        updatedAt: 1,
      });
      draftStorage.write('u1', draft('c1', { fine: { pcnNumber: 'BL1' } }), storage);
      // No session remembered: a new visitor, whatever drafts lie about.
      expect(hidesFirstPage(storage, 'fine-appeal')).toBe(false);
      lastSession.remember('u1', storage);
      expect(hidesFirstPage(storage, 'fine-appeal')).toBe(true);
      // A page that is not a first page is never hidden.
      expect(hidesFirstPage(storage, null)).toBe(false);
      // Nothing kept in that funnel: only the server may have the claim.
      expect(hidesFirstPage(storage, 'vehicle-claim')).toBe(true);
      // A saved claim with nothing kept of its answers here: the same.
      draftStorage.write('u1', draft('c1', {}), storage);
      expect(hidesFirstPage(storage, 'fine-appeal')).toBe(true);
      // Kept, never saved, nothing in it: a new claim.
      draftStorage.write('u1', draft(null, {}), storage);
      expect(hidesFirstPage(storage, 'fine-appeal')).toBe(false);
      const blocked = {
        getItem: () => {
          throw new Error('SecurityError');
        },
      };
      expect(hidesFirstPage(blocked, 'fine-appeal')).toBe(false);
    });

    /** A page where the inline script has run, with just what it touches. */
    function pageWithInlineScript(
      options: { path?: string; fields?: Array<Record<string, unknown>> } = {},
    ) {
      const listeners = new Map<string, Set<(event: { target: unknown }) => void>>();
      const documentListeners = new Map<string, Array<() => void>>();
      const timers: Array<() => void> = [];
      const element = (localName: string) => {
        const attributes = new Map<string, string>();
        const tag = {
          localName,
          get type() {
            return attributes.get('type') ?? '';
          },
          get src() {
            return attributes.get('src') ?? '';
          },
          get attributes() {
            return [...attributes].map(([name, value]) => ({ name, value }));
          },
          setAttribute: (name: string, value: string) => void attributes.set(name, value),
          getAttribute: (name: string) => attributes.get(name) ?? null,
          className: '',
          textContent: '',
          children: [] as unknown[],
          appendChild: (child: unknown) => void tag.children.push(child),
          removed: false,
          remove: () => void (tag.removed = true),
        };
        return tag;
      };
      type Tag = ReturnType<typeof element>;
      const bodyStart: Tag[] = [];
      const window = {
        addEventListener: (type: string, listener: (event: { target: unknown }) => void) => {
          if (!listeners.has(type)) listeners.set(type, new Set());
          listeners.get(type)!.add(listener);
        },
        removeEventListener: (type: string, listener: (event: { target: unknown }) => void) =>
          void listeners.get(type)?.delete(listener),
      };
      const fields = options.fields ?? [];
      const fetches: Array<{ url: string; init: unknown; answer: (ok: boolean | Error) => void }> =
        [];
      const sessionStorage = new MemoryStorage();
      const location = { pathname: options.path ?? '/form/start/', reloads: 0 };
      runInNewContext(inline[0]!, {
        localStorage: new MemoryStorage(),
        sessionStorage,
        JSON,
        window,
        location: { ...location, reload: () => void location.reloads++ },
        setTimeout: (run: () => void) => timers.push(run),
        clearTimeout: () => undefined,
        fetch: (url: string, init: unknown) =>
          new Promise((resolve, reject) => {
            fetches.push({
              url,
              init,
              answer: (ok) => (ok instanceof Error ? reject(ok) : resolve({ ok })),
            });
          }),
        document: {
          documentElement: { setAttribute: () => undefined },
          addEventListener: (type: string, listener: () => void) =>
            void documentListeners.set(type, [...(documentListeners.get(type) ?? []), listener]),
          getElementById: (id: string) => fields.find((field) => field.id === id) ?? null,
          querySelectorAll: () => fields,
          createElement: element,
          body: {
            firstChild: null,
            insertBefore: (tag: Tag) => void bodyStart.unshift(tag),
          },
        },
        Math,
      });
      const dispatch = (type: string, target: unknown) => {
        for (const listener of [...(listeners.get(type) ?? [])]) listener({ target });
      };
      const loaded = () => documentListeners.get('DOMContentLoaded')?.forEach((run) => run());
      const runTimers = () => timers.splice(0).forEach((run) => run());
      /** Lets the script's promise callbacks run. */
      const settle = () => new Promise((resolve) => setImmediate(resolve));
      return {
        element,
        bodyStart,
        dispatch,
        runTimers,
        listeners,
        fetches,
        sessionStorage,
        location,
        loaded,
        settle,
      };
    }

    it("loads the page again once the app's script arrives, keeping what was typed, and says why it waits", async () => {
      const page = pageWithInlineScript({
        fields: [
          { id: 'email', type: 'email', value: 'j@example.com' },
          { id: 'agree', type: 'checkbox', checked: true, value: 'on' },
          { id: 'password', type: 'password', value: 'not to be kept' },
        ],
      });
      const entry = page.element('script');
      entry.setAttribute('type', 'module');
      entry.setAttribute('src', '/assets/index-abc.js');
      page.dispatch('error', entry);
      // Its modules failed too: one notice, one wait.
      page.dispatch('error', entry);

      const notice = page.bodyStart[0]!;
      expect(page.bodyStart).toHaveLength(1);
      expect(notice.getAttribute('role')).toBe('status');
      page.runTimers();
      const [text] = notice.children as Array<{ textContent: string }>;
      expect(text?.textContent).toMatch(/has not finished loading because the connection was lost/);
      // The timer above was also the first try (no 'online' event came): is the script there?
      expect(page.fetches).toHaveLength(1);
      expect(page.fetches[0]!.url).toBe('/assets/index-abc.js');
      expect(page.fetches[0]!.init).toEqual({ method: 'HEAD', cache: 'no-store' });
      page.fetches[0]!.answer(new Error('offline'));
      await page.settle();
      expect(page.location.reloads).toBe(0);

      // The browser comes back online: the script answers, the page loads again.
      page.dispatch('online', null);
      expect(page.listeners.get('online')?.size).toBe(0);
      page.fetches[1]!.answer(true);
      await page.settle();
      expect(page.location.reloads).toBe(1);
      expect(JSON.parse(page.sessionStorage.getItem('typedBeforeReload')!)).toEqual({
        path: '/form/start/',
        fields: [
          { id: 'email', value: 'j@example.com' },
          { id: 'agree', value: 'on', checked: true },
        ],
      });
    });

    it('puts what was typed back into the same page once, before the app starts', () => {
      const typed = JSON.stringify({
        path: '/form/start/',
        fields: [
          { id: 'email', value: 'j@example.com', checked: false },
          { id: 'agree', value: 'on', checked: true },
        ],
      });
      const email = { id: 'email', type: 'email', value: '' };
      const agree = { id: 'agree', type: 'checkbox', checked: false, value: 'on' };
      const page = pageWithInlineScript({ fields: [email, agree] });
      page.sessionStorage.setItem('typedBeforeReload', typed);
      page.loaded();
      expect(email.value).toBe('j@example.com');
      expect(agree.checked).toBe(true);
      expect(page.sessionStorage.getItem('typedBeforeReload')).toBeNull();

      // Kept for another page: dropped, not put into this one.
      const other = { id: 'email', type: 'email', value: '' };
      const elsewhere = pageWithInlineScript({ path: '/form/address/u1', fields: [other] });
      elsewhere.sessionStorage.setItem('typedBeforeReload', typed);
      elsewhere.loaded();
      expect(other.value).toBe('');
      expect(elsewhere.sessionStorage.getItem('typedBeforeReload')).toBeNull();
    });

    it('leaves other failures alone: a preload link, or an error the app threw', () => {
      const page = pageWithInlineScript();
      const preload = page.element('link');
      preload.setAttribute('rel', 'modulepreload');
      page.dispatch('error', preload);
      page.dispatch('error', { localName: undefined });
      page.dispatch('error', null);
      page.runTimers();
      expect(page.bodyStart).toHaveLength(0);
      expect(page.fetches).toHaveLength(0);
    });
  });
});
