import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { AppStore } from '../../store';
import { paths } from '../paths';

/** What a route may declare in its `handle`: named guards and a validation hook. */
export interface RouteHandle {
  middleware?: string[];
  validate?: (args: LoaderFunctionArgs) => boolean;
}

type RouteGuard = (args: LoaderFunctionArgs, store: AppStore) => Promise<Response | null>;

function whenAuthInitialised(store: AppStore): Promise<void> {
  if (store.getState().auth.status === 'initialised') return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe(() => {
      if (store.getState().auth.status === 'initialised') {
        unsubscribe();
        resolve();
      }
    });
  });
}

/** Named guards a route may list in `handle.middleware`. */
export const routeGuards: Record<string, RouteGuard> = {
  /** Registered users only: anonymous or signed-out visitors go to /login and come back. */
  async auth({ request }, store) {
    await whenAuthInitialised(store);
    const user = store.getState().auth.user;
    if (user && !user.isAnonymous) return null;
    const url = new URL(request.url);
    return redirect(paths.login(url.pathname + url.search));
  },
};

/** The 404 the router shows as 'Page Not Found' (spec section 8). */
export function pageNotFound(path: string): Response {
  return new Response(`Page Not Found: ${path}`, { status: 404, statusText: 'Page Not Found' });
}

/**
 * Builds a loader that runs a route's guards and validation hook before the screen loads.
 * An unknown guard name is a programming error and fails loudly (spec section 8).
 */
export function routeChecksLoader(handle: RouteHandle, store: AppStore) {
  return async (args: LoaderFunctionArgs): Promise<Response | null> => {
    for (const name of handle.middleware ?? []) {
      const guard = routeGuards[name];
      if (!guard) throw new Error(`Unknown route middleware: ${name}`);
      const outcome = await guard(args, store);
      if (outcome) return outcome;
    }
    if (handle.validate && handle.validate(args) !== true) {
      throw pageNotFound(new URL(args.request.url).pathname);
    }
    return null;
  };
}
