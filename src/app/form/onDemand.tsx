import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { whenAssetsReachable } from '../assetsReachable';
import { formText, type FormTextKey } from './formText';

/** Where an on-demand module is: still coming, waiting for the connection, or failed to load. */
export type OnDemandState = 'loading' | 'offline' | 'failed';

const STATE_TEXT: Record<OnDemandState, FormTextKey> = {
  loading: 'onDemand.loading',
  offline: 'onDemand.offline',
  failed: 'onDemand.failed',
};

/** What the page says while an on-demand part is not there yet. */
export function onDemandStateText(state: OnDemandState): string {
  return formText(STATE_TEXT[state]);
}

/** Whether the browser says it has no connection (never while prerendering, where none is asked). */
function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Resolves when an import can be tried: at once when the browser says it is online, else once
 * the app's own files answer. A module whose import failed stays failed in that page (browsers
 * remember the failure), so one is never tried while the connection is known to be down.
 */
function whenImportable(): Promise<void> {
  return knownOffline() ? whenAssetsReachable() : Promise.resolve();
}

/**
 * A component whose module is fetched on demand: pages that need it load it, and `preload`
 * fetches it while the browser is idle, so by the time a claimant presses Continue it renders
 * at once (no new JavaScript, no loading state). Until it has loaded, `fallback` shows; a page
 * reached offline says so and draws the component by itself when the connection is back.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P, state: OnDemandState) => ReactNode,
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= whenImportable()
      .then(load)
      .then(
        (component) => (loaded = component),
        (error: unknown) => {
          loading = undefined; // the next render or preload tries again
          throw error;
        },
      );
    return loading;
  };
  function OnDemand(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [state, setState] = useState<OnDemandState>(() =>
      knownOffline() ? 'offline' : 'loading',
    );
    useEffect(() => {
      if (component) return;
      let current = true;
      const wentOffline = () => current && setState('offline');
      window.addEventListener('offline', wentOffline);
      preload().then(
        (found) => current && setComponent(() => found),
        () => current && setState('failed'),
      );
      return () => {
        current = false;
        window.removeEventListener('offline', wentOffline);
      };
    }, [component]);
    return component ? createElement(component, props) : fallback(props, state);
  }
  return { Component: OnDemand, preload };
}
