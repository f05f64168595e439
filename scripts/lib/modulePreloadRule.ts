/**
 * Which files a page preloads with a lazy file it imports (Vite's
 * `build.modulePreload.resolveDependencies`), decided by where the import is written rather
 * than by a list of names:
 *
 * - the HTML's own list (what the entry imports statically) stays whole;
 * - a lazy file the first page's own script imports (the entry: code every page runs) is
 *   fetched in the background after the page is drawn, or on a rare path (an earlier version
 *   of a funnel, a broken funnel), or a step later (the next page's form): its scripts arrive
 *   through its own imports, and the first page's script does not name each of them. Its
 *   styles stay listed: nothing else loads a lazy file's CSS. A funnel's first page does not
 *   wait on this: its prerendered HTML names the funnel's files itself;
 * - a lazy file imported by another lazy file (a screen's parts, which the visitor opened and
 *   waits for) has every dependency preloaded, but those every page loaded first.
 */

/**
 * The files the entry imports statically (the framework, rolldown's runtime, the entry
 * itself): loaded before any code runs, so no list of a lazy file's dependencies needs them.
 */
const LOADED_FIRST = /(^|\/)(framework|rolldown-runtime|index)-[\w-]+\.js$/;

/** The first page's own script: the HTML entry's chunk. */
const ENTRY_SCRIPT = /(^|\/)index-[\w-]+\.js$/;

interface PreloadContext {
  /** The file holding the import (a chunk), or the HTML page. */
  hostId: string;
  hostType: 'html' | 'js';
}

/** The dependencies of `file` to preload when `hostId` imports it (see above). */
export function dependenciesToPreload(
  deps: readonly string[],
  { hostId, hostType }: PreloadContext,
): string[] {
  if (hostType === 'html') return [...deps];
  if (ENTRY_SCRIPT.test(hostId)) return deps.filter((dep) => dep.endsWith('.css'));
  return deps.filter((dep) => !LOADED_FIRST.test(dep));
}
