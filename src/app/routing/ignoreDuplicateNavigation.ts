import { parsePath, type DataRouter, type Path, type To } from 'react-router-dom';

/** The part of a data router this module touches. */
type NavigatingRouter = Pick<DataRouter, 'navigate' | 'state'>;
type NavigateOptions = Exclude<Parameters<DataRouter['navigate']>[1], undefined>;

/**
 * True when `to` names exactly `where` (path, query and hash). Only absolute targets are
 * compared: a relative one is resolved against its route by the router, so it is let through.
 */
export function isSameLocation(where: Pick<Path, 'pathname' | 'search' | 'hash'>, to: To): boolean {
  const target = typeof to === 'string' ? parsePath(to) : to;
  if (!target.pathname?.startsWith('/')) return false;
  const normal = (part: string | undefined, mark: string) => (part === mark ? '' : (part ?? ''));
  return (
    target.pathname === where.pathname &&
    normal(target.search, '?') === normal(where.search, '?') &&
    normal(target.hash, '#') === normal(where.hash, '#')
  );
}

/** A form submission or new history state is a real change even to the same URL. */
function carriesChange(options: NavigateOptions | undefined): boolean {
  if (!options) return false;
  return (
    options.state !== undefined ||
    ('formMethod' in options && options.formMethod !== undefined) ||
    ('formData' in options && options.formData !== undefined) ||
    ('body' in options && options.body !== undefined)
  );
}

/**
 * Makes navigating to where the router already is (or is already going) a no-op (spec
 * section 4: duplicate navigation is ignored). React Router would otherwise replace the
 * history entry and run every loader again when a claimant clicks a link to the page they
 * are on. A click on the current URL while another navigation is pending still goes
 * through: it cancels that navigation. `onDuplicate` receives the ignored target's hash,
 * so a repeated click on an in-page anchor can still scroll to it.
 */
export function ignoreDuplicateNavigation<R extends NavigatingRouter>(
  router: R,
  onDuplicate?: (hash: string) => void,
): R {
  const navigate = router.navigate.bind(router) as (
    to: To | number | null,
    options?: NavigateOptions,
  ) => Promise<void>;
  const wrapped = (to: To | number | null, options?: NavigateOptions): Promise<void> => {
    if (to !== null && typeof to !== 'number' && !carriesChange(options)) {
      const where = router.state.navigation.location ?? router.state.location;
      if (isSameLocation(where, to)) {
        onDuplicate?.(where.hash);
        return Promise.resolve();
      }
    }
    return navigate(to, options);
  };
  router.navigate = wrapped as DataRouter['navigate'];
  return router;
}
