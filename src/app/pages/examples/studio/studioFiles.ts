/**
 * The funnel studio's line to the dev server (scripts/vite-plugin-studio.ts), and its keeping
 * of unsaved edits. Dev server only: a build has no such endpoints. A developer tool, so it
 * calls the server itself rather than through the store and gateway, which serve claimants.
 */
import type { Problem } from '../../../../runtime/funnel';
import { studioText } from './studioText';

const FILE_URL = '/__studio/file';
const FILES_URL = '/__studio/files';
const CHECK_URL = '/__studio/check';
const DRAFT_KEY = (path: string) => `funnelStudio:draft:${path}`;

async function answerOf<T>(response: Response): Promise<T> {
  // The studio's local endpoint answers with T, or { error } when it refused; an unreadable body gives {}.
  const body = (await response.json().catch(() => ({}))) as T & { error?: string };
  // Said on the studio's screen after "Not saved:" or "could not read the files".
  if (!response.ok)
    throw new Error(body.error ?? studioText('editor.serverAnswered', { status: response.status }));
  return body;
}

/** Every registry file as written on disk, keyed by path (`funnels/...`, `schemas/...`). */
export async function fetchStudioFiles(): Promise<Record<string, string>> {
  const { files } = await answerOf<{ files: Record<string, string> }>(
    await fetch(FILES_URL, { headers: { Accept: 'application/json' } }),
  );
  return files;
}

/**
 * Saves one file; resolves to the text as written (laid out by Prettier).
 * @throws Error with the server's words (a refused path, text that is not JSON, ...).
 */
export async function saveStudioFile(path: string, text: string): Promise<string> {
  const saved = await answerOf<{ text: string }>(
    await fetch(FILE_URL, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path, text }),
    }),
  );
  return saved.text;
}

/**
 * funnels:check itself, run by the dev server on the registry with `edits` (unsaved texts, by
 * path) in place of their files (scripts/lib/studioCheck.ts): its problems, in its order and
 * words. Unlike the editor's own check it proves routes with generated answers and compiles
 * pages as the build does, and it shares the command's cache.
 * @throws Error with the server's words when the check could not run.
 */
export async function checkOnDevServer(
  edits: Readonly<Record<string, string>>,
): Promise<Problem[]> {
  const { problems } = await answerOf<{ problems: Problem[] }>(
    await fetch(CHECK_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ edits }),
    }),
  );
  return problems;
}

/**
 * Unsaved edits, per file, for this tab: saving one file reloads the app (the dev server
 * reloads on every registry change), and the edits of the others must survive that.
 */
export const studioDrafts = {
  read(path: string): string | undefined {
    return sessionStorage.getItem(DRAFT_KEY(path)) ?? undefined;
  },
  write(path: string, text: string | undefined): void {
    if (text === undefined) sessionStorage.removeItem(DRAFT_KEY(path));
    else sessionStorage.setItem(DRAFT_KEY(path), text);
  },
};
