import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import {
  ignoreDuplicateNavigation,
  isSameLocation,
} from '../../../../src/app/routing/ignoreDuplicateNavigation';

function setup(initial = '/form/start/') {
  const loader = vi.fn(() => null);
  const action = vi.fn(() => null);
  const onDuplicate = vi.fn();
  const router = ignoreDuplicateNavigation(
    createMemoryRouter(
      [
        {
          path: '/',
          loader,
          shouldRevalidate: () => true,
          children: [
            { path: 'form/start/', loader: () => null, action },
            { path: 'form/address/', loader: () => null },
          ],
        },
      ],
      { initialEntries: [initial] },
    ),
    onDuplicate,
  );
  return { router, loader, action, onDuplicate };
}

async function ready(router: ReturnType<typeof setup>['router']) {
  if (router.state.initialized) return;
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
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

describe('ignoreDuplicateNavigation', () => {
  it('ignores a navigation to the current location: no loader, same history entry', async () => {
    const { router, loader, onDuplicate } = setup();
    await ready(router);
    const calls = loader.mock.calls.length;
    const key = router.state.location.key;

    await router.navigate('/form/start/', { replace: true });

    expect(loader.mock.calls.length).toBe(calls);
    expect(router.state.location.key).toBe(key);
    expect(router.state.historyAction).toBe('POP');
    expect(onDuplicate).toHaveBeenCalledWith('');
  });

  it('still navigates elsewhere, and to a new hash or query on the same page', async () => {
    const { router, loader } = setup();
    await ready(router);
    await router.navigate('/form/address/');
    expect(router.state.location.pathname).toBe('/form/address/');
    await router.navigate('/form/address/#part-2');
    expect(router.state.location.hash).toBe('#part-2');
    const calls = loader.mock.calls.length;
    await router.navigate('/form/address/?again=1');
    expect(loader.mock.calls.length).toBe(calls + 1);
  });

  it('passes the hash of an ignored in-page anchor, so it can be scrolled to again', async () => {
    const { router, onDuplicate } = setup('/form/start/#details');
    await ready(router);
    await router.navigate('/form/start/#details');
    expect(onDuplicate).toHaveBeenCalledWith('#details');
  });

  it('lets history moves, new state and form submissions to the same URL through', async () => {
    const { router, action } = setup();
    await ready(router);
    const key = router.state.location.key;
    await router.navigate('/form/start/', { state: { from: 'test' } });
    expect(router.state.location.key).not.toBe(key);
    await router.navigate('/form/start/', { formMethod: 'post', formData: new FormData() });
    expect(action).toHaveBeenCalledTimes(1);
    await router.navigate(-1);
    expect(router.state.historyAction).toBe('POP');
  });
});
