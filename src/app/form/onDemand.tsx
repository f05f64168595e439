import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose module is fetched on demand: pages that need it load it, and `preload`
 * fetches it while the browser is idle, so by the time a claimant presses Continue it renders
 * at once (no new JavaScript, no loading state). Until it has loaded, `fallback` shows.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P, failed: boolean) => ReactNode,
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // offline: the next render or preload tries again
        throw error;
      },
    );
    return loading;
  };
  function OnDemand(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (component) return;
      let current = true;
      preload().then(
        (found) => current && setComponent(() => found),
        () => current && setFailed(true),
      );
      return () => {
        current = false;
      };
    }, [component]);
    return component ? createElement(component, props) : fallback(props, failed);
  }
  return { Component: OnDemand, preload };
}
