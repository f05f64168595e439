import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rolldown, type Plugin as RolldownPlugin } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactRouterTreeshakePlugin } from '../../../scripts/vite-plugin-react-router-treeshake';

const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'react-router-treeshake-'));
  await writeFile(
    path.join(root, 'main.js'),
    `import { Link } from ${JSON.stringify(REACT_ROUTER_PRODUCTION)};\nconsole.log(Link);\n`,
  );
  await writeFile(
    path.join(root, 'routes.js'),
    `import { unstable_HistoryRouter as HistoryRouter, Link, useNavigate, useRoutes } from ${JSON.stringify(REACT_ROUTER_PRODUCTION)};\n` +
      'console.log(HistoryRouter, Link, useNavigate, useRoutes);\n',
  );
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** React Router's production build bundled for a page that renders only Link (or `input`'s). */
async function bundleLinkOnly(plugins: RolldownPlugin[], input = 'main.js'): Promise<string> {
  const bundle = await rolldown({
    input: path.join(root, input),
    external: [/^react($|\/)/, /^react-dom($|\/)/],
    plugins,
    logLevel: 'silent',
  });
  const { output } = await bundle.generate({ format: 'esm' });
  await bundle.close();
  return output[0].code;
}

const plugin = reactRouterTreeshakePlugin() as unknown as RolldownPlugin;

describe('reactRouterTreeshakePlugin', () => {
  it('leaves out the components a page does not use, which the package alone keeps', async () => {
    const without = await bundleLinkOnly([]);
    const withPlugin = await bundleLinkOnly([plugin]);
    // NavLink and Form are what the plugin lets go; without it, both stay.
    expect(without).toMatch(/var NavLink\b/);
    expect(without).toMatch(/var Form\b/);
    expect(withPlugin).not.toMatch(/var NavLink\b/);
    expect(withPlugin).not.toMatch(/var Form\b/);
    expect(withPlugin).toMatch(/var Link\b/);
    expect(withPlugin.length).toBeLessThan(without.length);
  });

  it("leaves out what only React Router's framework, server-components and data routers run", async () => {
    const without = await bundleLinkOnly([], 'routes.js');
    const withPlugin = await bundleLinkOnly([plugin], 'routes.js');
    for (const only of [
      /function PrefetchPageLinks\b/,
      /function RSCErrorHandler\b/,
      /var RenderErrorBoundary\b/,
      /function useNavigateStable\b/,
    ]) {
      expect(without).toMatch(only);
      expect(withPlugin).not.toMatch(only);
    }
    // What the app's own router runs stays.
    expect(withPlugin).toMatch(/function useRoutesImpl\b/);
    expect(withPlugin).toMatch(/function _renderMatches\b/);
    expect(withPlugin).toMatch(/function useNavigateUnstable\b/);
  });

  it('fails the build when React Router no longer has a text it rewrites', () => {
    const { transform } = reactRouterTreeshakePlugin() as {
      transform: { handler: (code: string, id: string) => unknown };
    };
    const changed = 'var Link = React10.forwardRef(function LinkWithRef() {});\n';
    expect(() => transform.handler.call({}, changed, 'chunk-changed.mjs')).toThrow(/no longer in/);
  });
});
