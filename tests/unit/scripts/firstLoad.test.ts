import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  firstLoad,
  START_ROUTE_MODULES,
  scriptsNamedBy,
  startPagePreloadProblems,
} from '../../../scripts/bench/firstLoad';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A built app: the entry, its framework, the built-in funnel's part, and its first page. */
function builtApp(html: string): string {
  const outDir = mkdtempSync(join(tmpdir(), 'first-load-'));
  folders.push(outDir);
  mkdirSync(join(outDir, '.vite'), { recursive: true });
  mkdirSync(join(outDir, 'assets'));
  mkdirSync(join(outDir, 'form', 'start'), { recursive: true });
  const [, part] = START_ROUTE_MODULES;
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_framework'] },
    _framework: { file: 'assets/framework-b.js' },
    [part!]: { file: 'assets/funnel-c.js', isDynamicEntry: true, imports: ['_framework'] },
    'src/later.tsx': { file: 'assets/later-d.js', isDynamicEntry: true },
  };
  writeFileSync(join(outDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const file of ['index-a', 'framework-b', 'funnel-c', 'later-d'])
    writeFileSync(join(outDir, 'assets', `${file}.js`), `export const x = '${file}';\n`.repeat(50));
  writeFileSync(join(outDir, 'form', 'start', 'index.html'), html);
  return outDir;
}

const page = (...tags: string[]) => `<!doctype html><html><head>${tags.join('')}</head></html>`;
const script = (file: string) => `<script type="module" crossorigin src="/${file}"></script>`;
const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

describe('the first page’s JavaScript (npm run size:check, npm run bench)', () => {
  it('counts the entry, what it imports and the built-in funnel’s files, not later pages', () => {
    const outDir = builtApp(page());
    const { files, bytes } = firstLoad(outDir);
    expect(files).toEqual(['assets/index-a.js', 'assets/framework-b.js', 'assets/funnel-c.js']);
    expect(bytes).toBeGreaterThan(0);
  });

  it('reads the scripts a page names, under any base path', () => {
    expect(
      scriptsNamedBy(page(script('assets/index-a.js'), preload('sub/assets/framework-b.js'))),
    ).toEqual(['assets/index-a.js', 'assets/framework-b.js']);
  });

  it('passes a first page whose HTML names exactly the files it needs', () => {
    const html = page(
      script('assets/index-a.js'),
      preload('assets/framework-b.js'),
      script('assets/funnel-c.js'),
    );
    expect(startPagePreloadProblems(builtApp(html))).toEqual([]);
  });

  it('reports a needed file the HTML leaves out, and a script it names in vain', () => {
    const html = page(
      script('assets/index-a.js'),
      preload('assets/later-d.js'),
      script('assets/funnel-c.js'),
    );
    expect(startPagePreloadProblems(builtApp(html))).toEqual([
      '/form/start/ does not name assets/framework-b.js, which it needs before it can render',
      '/form/start/ names assets/later-d.js, which it does not need before it can render',
    ]);
  });
});
