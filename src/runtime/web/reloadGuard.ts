/** When each path last triggered a reload after a failed lazy load: path → epoch ms. */
type ReloadHistory = Record<string, number>;

/** The guard's verdict and the history to remember from now on. */
interface ReloadDecision {
  reload: boolean;
  history: ReloadHistory;
}

/**
 * Decides whether a failed lazy screen load of `path` should become a full page reload
 * (at most once per path within `windowMs`).
 *
 * A reload is allowed when `path` has not been reloaded in the last `windowMs`; the returned
 * history then records `now` for it. A second failure inside the window is refused, so the
 * caller shows the error page instead of reloading forever (e.g. a chunk deleted by a deploy
 * that the CDN still lacks). Entries older than the window are dropped so the history stays
 * small. A clock that went backwards counts as "within the window", the safe side.
 */
export function shouldReloadAfterChunkError(
  path: string,
  now: number,
  history: ReloadHistory,
  windowMs: number,
): ReloadDecision {
  const recent: ReloadHistory = {};
  for (const [key, at] of Object.entries(history)) {
    if (now - at < windowMs) recent[key] = at;
  }
  if (Object.hasOwn(recent, path)) return { reload: false, history: recent };
  return { reload: true, history: { ...recent, [path]: now } };
}

/**
 * Reads a remembered history from its stored JSON. Anything corrupt (bad JSON, wrong shape,
 * non-numeric timestamps) is dropped rather than thrown: the guard must work even when
 * storage holds rubbish.
 */
export function parseReloadHistory(raw: string | null): ReloadHistory {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const history: ReloadHistory = {};
  for (const [key, at] of Object.entries(value)) {
    if (typeof at === 'number' && Number.isFinite(at)) history[key] = at;
  }
  return history;
}
