import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependenciesToPreload } from '../../../scripts/lib/modulePreloadRule';

/**
 * A small app built with the rule: the entry imports a background module (with styles, and a
 * piece it shares with a screen's part) and a screen; the screen imports its own lazy part.
 */
const APP = {
  'index.html':
    '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
  'main.js':
    "import('./background.js').then((m) => m.run());\n" +
    "document.body.onclick = () => import('./screen.js').then((m) => m.open());\n",
  'background.js':
    "import './background.css';\nimport { piece } from './shared.js';\nexport const run = () => piece() + 1;\n",
  'background.css': 'body { color: black; }\n',
  'shared.js': 'export const piece = () => Math.random();\n',
  'screen.js': "export const open = () => import('./part.js').then((m) => m.show());\n",
  'part.js': "import { piece } from './shared.js';\nexport const show = () => piece() * 2;\n",
};

let root: string;
/** Each built script by its name (without its hash), and its code. */
const scripts = new Map<string, string>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'preload-rule-'));
  for (const [name, text] of Object.entries(APP)) writeFileSync(join(root, name), text);
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir: join(root, 'dist'),
      minify: false,
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, deps, context) => dependenciesToPreload(deps, context),
      },
    },
  });
  const assets = join(root, 'dist', 'assets');
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js')))
    scripts.set(file.replace(/-[\w-]+\.js$/, ''), readFileSync(join(assets, file), 'utf8'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The files a script's preload lists name (Vite's __vite__mapDeps table), without hashes. */
function preloaded(script: string): string[] {
  const table = /m\.f=\[([^\]]*)\]/.exec(scripts.get(script) ?? '')?.[1] ?? '';
  return [...table.matchAll(/"assets\/([\w.]+?)-[\w-]+\.(js|css)"/g)].map(
    ([, name, ext]) => `${name}.${ext}`,
  );
}

describe('which lazy files a page preloads (scripts/lib/modulePreloadRule.ts)', () => {
  it('builds the fixture into a file per module', () => {
    expect([...scripts.keys()].sort()).toEqual(['background', 'index', 'part', 'screen', 'shared']);
  });

  it('names no script of a lazy file the entry imports, only its styles', () => {
    const fromEntry = preloaded('index');
    expect(fromEntry).toEqual(['background.css']);
  });

  it('preloads the dependencies of a lazy file a lazy file imports', () => {
    const fromScreen = preloaded('screen');
    expect(fromScreen).toEqual(['part.js', 'shared.js']);
  });

  it('leaves the HTML page’s list whole and drops what every page loaded first', () => {
    const deps = [
      'assets/framework-a1.js',
      'assets/index-b2.js',
      'assets/page-c3.js',
      'assets/page-d4.css',
    ];
    expect(dependenciesToPreload(deps, { hostId: 'index.html', hostType: 'html' })).toEqual(deps);
    expect(dependenciesToPreload(deps, { hostId: 'assets/screen-e5.js', hostType: 'js' })).toEqual([
      'assets/page-c3.js',
      'assets/page-d4.css',
    ]);
    expect(dependenciesToPreload(deps, { hostId: 'assets/index-b2.js', hostType: 'js' })).toEqual([
      'assets/page-d4.css',
    ]);
  });
});
