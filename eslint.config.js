import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { envOnlyInBrowserEnv, ROOMS } from './eslint.rooms.js';
import { assertionsPlugin } from './eslint.assertions.js';

/** Whether `path` is `room` or lies below it. */
const within = (path, room) => path === room || path.startsWith(`${room}/`);

/** The rooms that import (those with `may`), and every room a rule-only entry names. */
const importRooms = ROOMS.filter((entry) => entry.may);

/**
 * import-x's zones, one per room: it may not import a room that is neither its own, nor one
 * it `may` use, nor one an enclosing room already refuses (said once, by the nearest room).
 */
function importZones() {
  const refusedBy = new Map();
  const zones = [];
  // Outer rooms first, so an inner room's zone leaves out what its outer room refuses.
  const byDepth = [...importRooms].sort(
    (a, b) => a.room.split('/').length - b.room.split('/').length,
  );
  for (const entry of byDepth) {
    const outer = byDepth.filter((other) => other !== entry && within(entry.room, other.room));
    const refusedOutside = new Set(outer.flatMap((other) => refusedBy.get(other.room) ?? []));
    const from = importRooms
      .map((other) => other.room)
      .filter(
        (other) =>
          !within(other, entry.room) &&
          !within(entry.room, other) &&
          // A room it may use, or one holding rooms it may use (those are listed one by one).
          !entry.may.some((allowed) => within(other, allowed) || within(allowed, other)) &&
          ![...refusedOutside].some((refused) => within(other, refused)),
      );
    refusedBy.set(entry.room, from);
    if (from.length > 0) {
      zones.push({
        target: `./${entry.room}`,
        from: from.map((room) => `./${room}`),
        message: entry.why,
      });
    }
  }
  return zones;
}

/** Every path the list names, each a part of src/ that gets a lint block of its own. */
function roomPaths() {
  const paths = new Set();
  for (const entry of ROOMS) {
    paths.add(entry.room);
    for (const path of [...(entry.also ?? []), ...(entry.rules?.except ?? [])]) paths.add(path);
  }
  return [...paths];
}

const filesOf = (path) => (/\.tsx?$/.test(path) ? [path] : [`${path}/**/*.{ts,tsx}`]);

/**
 * One block per part of src/, holding every rule of every entry that covers it: flat config
 * replaces a rule's options block by block, so each file meets its rules in one place.
 */
function roomBlocks() {
  const paths = roomPaths();
  return paths.map((path) => {
    const covering = ROOMS.filter((entry) =>
      [entry.room, ...(entry.also ?? [])].some((room) => within(path, room)),
    );
    const inside = covering.filter(
      (entry) => !(entry.rules?.except ?? []).some((except) => within(path, except)),
    );
    const patterns = covering.flatMap((entry) => entry.packages ?? []);
    const syntax = inside.flatMap((entry) => entry.rules?.syntax ?? []);
    const restrictedGlobals = inside.flatMap((entry) => entry.rules?.globals ?? []);
    const allowEnv = covering.some((entry) => entry.allowEnv);
    return {
      files: filesOf(path),
      ignores: paths.filter((other) => other !== path && within(other, path)).flatMap(filesOf),
      rules: {
        'no-restricted-imports': patterns.length ? ['error', { patterns }] : 'off',
        'no-restricted-syntax': ['error', ...(allowEnv ? [] : [envOnlyInBrowserEnv]), ...syntax],
        'no-restricted-globals': ['error', ...restrictedGlobals],
      },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      '.data',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/runtime/funnel/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // Lets import-x parse our TypeScript modules (no-cycle follows their imports).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A cycle, even of types only, means two modules are one module in two files. This rule
      // sees value imports only (import-x skips `import type` and has no option to count it),
      // so it is the editor's early warning; `npm run cycles:check` (scripts/cycles-check.ts,
      // part of `npm test`) counts every import, types included.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Dependencies point one way, as eslint.rooms.js lists them.
      'import-x/no-restricted-paths': ['error', { zones: importZones() }],
    },
  },
  ...roomBlocks(),
  {
    // A function a newcomer reads in one go: longer, it is split into named steps, or it
    // carries `// eslint-disable-next-line max-lines-per-function -- <why it reads better whole>`.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/runtime/funnel/generated/**'],
    plugins: { local: assertionsPlugin },
    rules: {
      // Every type assertion says why it holds (eslint.assertions.js).
      'local/assertion-says-why': 'error',
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
);
