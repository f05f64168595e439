import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import {
  applyRouteRuleOnArrival,
  createNavigationHistory,
  isSameLocation,
  type NavigationRules,
} from '../../../../src/app/routing/navigationHistory';

const ORIGIN = 'https://claims.example.co.uk';

function setup(
  initial = '/form/start/',
  options: { basename?: string; reloadPending?: boolean } = {},
) {
  const base = createMemoryHistory({ initialEntries: [initial], v5Compat: true });
  let reloadPending = options.reloadPending ?? false;
  const rules: NavigationRules = {
    basename: options.basename ?? '/',
    routeRules: {
      '/claim': { redirect: '/form/start/' },
      '/old-site': { redirect: 'https://elsewhere.example.org/claims' },
    },
    origin: ORIGIN,
    isReloadPending: () => reloadPending,
  };
  const effects = { assign: vi.fn(), reload: vi.fn(), onDuplicate: vi.fn() };
  const history = createNavigationHistory(base, rules, effects);
  const seen = vi.fn();
  history.listen(seen);
  return {
    base,
    history,
    rules,
    effects,
    seen,
    setReloadPending: (value: boolean) => (reloadPending = value),
  };
}

describe('isSameLocation', () => {
  const here = { pathname: '/form/start/', search: '?a=1', hash: '#x' };
  it('compares path, query and hash of absolute targets', () => {
    expect(isSameLocation(here, '/form/start/?a=1#x')).toBe(true);
    expect(isSameLocation(here, { pathname: '/form/start/', search: '?a=1', hash: '#x' })).toBe(
      true,
    );
    expect(isSameLocation(here, '/form/start/?a=1')).toBe(false);
    expect(isSameLocation(here, '/form/start?a=1#x')).toBe(false);
    expect(isSameLocation(here, '/form/address/?a=1#x')).toBe(false);
  });
  it('treats an empty "?" or "#" as none', () => {
    expect(isSameLocation({ pathname: '/a', search: '', hash: '' }, '/a?#')).toBe(true);
  });
  it('lets relative targets through to the router', () => {
    expect(isSameLocation(here, '.')).toBe(false);
    expect(isSameLocation(here, { search: '?a=1' })).toBe(false);
  });
});

describe('createNavigationHistory', () => {
  it('ignores a navigation to the current location: same history entry, nothing to render', () => {
    const { base, history, effects, seen } = setup();
    const key = history.location.key;

    history.push({ pathname: '/form/start/', search: '', hash: '' });
    history.replace('/form/start/');

    expect(history.location.key).toBe(key);
    expect(base.index).toBe(0);
    expect(seen).not.toHaveBeenCalled();
    expect(effects.onDuplicate).toHaveBeenCalledWith('');
  });

  it('still navigates elsewhere, and to a new hash or query on the same page', () => {
    const { base, history, seen } = setup();
    history.push('/form/address/');
    history.push('/form/address/#part-2');
    history.push('/form/address/?again=1');
    expect(base.index).toBe(3);
    expect(history.location.search).toBe('?again=1');
    expect(seen).toHaveBeenCalledTimes(3);
  });

  it('passes the hash of an ignored in-page anchor, so it can be scrolled to again', () => {
    const { history, effects } = setup('/form/start/#details');
    history.push('/form/start/#details');
    expect(effects.onDuplicate).toHaveBeenCalledWith('#details');
  });

  it('lets new history state and history moves to the same URL through', () => {
    const { base, history, seen } = setup();
    history.push('/form/start/', { from: 'test' });
    expect(base.index).toBe(1);
    expect(history.location.state).toEqual({ from: 'test' });
    history.go(-1);
    expect(history.action).toBe('POP');
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('applies a route rule before the navigation, keeping the query', () => {
    const { history, seen } = setup('/');
    history.push('/claim?utm_source=mail');
    expect(history.location.pathname).toBe('/form/start/');
    expect(history.location.search).toBe('?utm_source=mail');
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('makes a rule that leads to another site a full page load, changing no history', () => {
    const { base, history, effects } = setup('/');
    history.push('/old-site');
    expect(effects.assign).toHaveBeenCalledWith('https://elsewhere.example.org/claims');
    expect(base.index).toBe(0);
    expect(history.location.pathname).toBe('/');
  });

  it('applies route rules under a base path, and only to paths under it', () => {
    const { history } = setup('/app/', { basename: '/app' });
    history.push('/app/claim');
    expect(history.location.pathname).toBe('/app/form/start/');
    history.push('/claim');
    expect(history.location.pathname).toBe('/claim');
  });

  it('once a new build is seen, a navigation is a full load of its target', () => {
    const { base, history, effects, seen, setReloadPending } = setup();
    history.push('/form/address/');
    expect(effects.assign).not.toHaveBeenCalled();

    setReloadPending(true);
    history.push('/form/check/?change=review');
    expect(effects.assign).toHaveBeenCalledWith('/form/check/?change=review');
    history.push('/claim');
    expect(effects.assign).toHaveBeenLastCalledWith('/form/start/');
    expect(base.index).toBe(1);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('once a new build is seen, Back reloads the page it lands on instead of rendering it', () => {
    const { history, effects, seen, setReloadPending } = setup();
    history.push('/form/address/');
    setReloadPending(true);
    history.go(-1);
    expect(effects.reload).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledTimes(1);
  });
});

describe('applyRouteRuleOnArrival', () => {
  it('replaces an address a rule redirects, before the first render', () => {
    const { base, history, rules } = setup('/claim?utm_campaign=spring');
    const assign = vi.fn();
    expect(applyRouteRuleOnArrival(history, rules, { assign })).toBe(true);
    expect(history.location.pathname).toBe('/form/start/');
    expect(history.location.search).toBe('?utm_campaign=spring');
    expect(base.index).toBe(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves other addresses alone, and hands another site to a full load', () => {
    const assign = vi.fn();
    const here = setup('/form/start/');
    expect(applyRouteRuleOnArrival(here.history, here.rules, { assign })).toBe(true);
    expect(here.history.location.pathname).toBe('/form/start/');
    const away = setup('/old-site');
    expect(applyRouteRuleOnArrival(away.history, away.rules, { assign })).toBe(false);
    expect(assign).toHaveBeenCalledWith('https://elsewhere.example.org/claims');
  });
});
