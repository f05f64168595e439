import { describe, expect, it } from 'vitest';
import routeRulesJson from '../../../../src/app/routeRules.json';
import {
  buildMetaPath,
  parseBuildManifest,
  parseLatestBuild,
  parseRouteRules,
  resolveRouteRuleRedirect,
  type RouteRules,
} from '../../../../src/runtime/web';

const ORIGIN = 'https://claims.example';
const rules: RouteRules = {
  '/claim': { redirect: '/form/start/' },
  '/LandingPage/old': { redirect: '/LandingPage' },
  '/partner': { redirect: 'https://partner.example/apply' },
  '/same-site': { redirect: 'https://claims.example/start?from=rule' },
  '/with-query': { redirect: '/start?src=rule' },
  '/loop': { redirect: '/loop' },
};

describe('resolveRouteRuleRedirect', () => {
  it('redirects an internal path without a full load', () => {
    expect(resolveRouteRuleRedirect('/claim', rules, ORIGIN)).toEqual({
      to: '/form/start/',
      external: false,
    });
  });

  it('ignores one trailing slash when matching', () => {
    expect(resolveRouteRuleRedirect('/claim/', rules, ORIGIN)?.to).toBe('/form/start/');
  });

  it('carries the query and hash over to an internal target', () => {
    expect(resolveRouteRuleRedirect('/claim?utm_source=x#top', rules, ORIGIN)?.to).toBe(
      '/form/start/?utm_source=x#top',
    );
  });

  it('keeps a target’s own query instead', () => {
    expect(resolveRouteRuleRedirect('/with-query?a=1', rules, ORIGIN)?.to).toBe('/start?src=rule');
  });

  it('marks another origin as external and does not forward the query to it', () => {
    expect(resolveRouteRuleRedirect('/partner?utm_source=x', rules, ORIGIN)).toEqual({
      to: 'https://partner.example/apply',
      external: true,
    });
  });

  it('treats an absolute URL on the same origin as internal', () => {
    expect(resolveRouteRuleRedirect('/same-site', rules, ORIGIN)).toEqual({
      to: '/start?from=rule',
      external: false,
    });
  });

  it('treats any absolute URL as external when no origin is known', () => {
    expect(resolveRouteRuleRedirect('/same-site', rules)?.external).toBe(true);
  });

  it('is null for paths without a rule, prototype names and self-redirects', () => {
    expect(resolveRouteRuleRedirect('/start', rules, ORIGIN)).toBeNull();
    expect(resolveRouteRuleRedirect('/claim/extra', rules, ORIGIN)).toBeNull();
    expect(resolveRouteRuleRedirect('constructor', rules, ORIGIN)).toBeNull();
    expect(resolveRouteRuleRedirect('/loop', rules, ORIGIN)).toBeNull();
  });
});

describe('parseRouteRules', () => {
  it('accepts the app’s route rules file', () => {
    expect(parseRouteRules(routeRulesJson).problems).toEqual([]);
  });

  it('names each invalid rule and keeps the valid ones', () => {
    const { rules: parsed, problems } = parseRouteRules({
      '/ok': { redirect: '/' },
      'no-slash': { redirect: '/' },
      '/empty': { redirect: '' },
      '/wrong': '/',
    });
    expect(parsed).toEqual({ '/ok': { redirect: '/' } });
    expect(problems).toHaveLength(3);
  });

  it('rejects a non-object', () => {
    expect(parseRouteRules([]).problems).toEqual(['route rules must be an object']);
  });
});

describe('manifest records', () => {
  it('reads a latest-build record', () => {
    expect(parseLatestBuild({ id: 'abc', timestamp: 1, extra: true })).toEqual({
      id: 'abc',
      timestamp: 1,
    });
  });

  it.each([null, 'abc', {}, { id: '', timestamp: 1 }, { id: 'abc', timestamp: '1' }])(
    'rejects %j as a latest-build record',
    (value) => {
      expect(parseLatestBuild(value)).toBeNull();
    },
  );

  it('reads a manifest, dropping invalid parts', () => {
    expect(
      parseBuildManifest({
        id: 'abc',
        timestamp: 1,
        routeRules: { '/claim': { redirect: '/form/start/' }, bad: {} },
        prerendered: ['/', 3],
      }),
    ).toEqual({
      id: 'abc',
      timestamp: 1,
      routeRules: { '/claim': { redirect: '/form/start/' } },
      prerendered: ['/'],
    });
  });

  it('builds the manifest path of a build', () => {
    expect(buildMetaPath('abc-123')).toBe('builds/meta/abc-123.json');
  });
});
