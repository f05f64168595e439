import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const firebaseWebSdk = {
  group: ['firebase', 'firebase/*', '@firebase/*'],
  message: 'Only src/platform may import the Firebase web SDK.',
};
const firebaseAdmin = {
  group: ['firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*'],
  message: 'Only src/gateway may import firebase-admin and firebase-functions.',
};

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
      // Dependencies point one way: app -> store -> platform, and app|store|gateway -> runtime.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/runtime',
              from: './src',
              except: ['./runtime'],
              message: 'src/runtime is pure: it imports nothing of ours.',
            },
            {
              target: './src/runtime/types',
              from: './src/runtime',
              except: ['./types', './constants.ts'],
              message:
                'src/runtime/types sits below every runtime room: it imports only itself and constants.ts.',
            },
            // The runtime's rooms, one way: studio, versions, validation -> funnel -> claim ->
            // contract (types/ below them all).
            {
              target: './src/runtime/contract',
              from: [
                './src/runtime/claim',
                './src/runtime/funnel',
                './src/runtime/studio',
                './src/runtime/versions',
                './src/runtime/validation',
              ],
              message:
                'runtime/contract sits below claim and funnel: the rooms import one way (studio, versions, validation -> funnel -> claim -> contract).',
            },
            {
              target: './src/runtime/claim',
              from: [
                './src/runtime/funnel',
                './src/runtime/studio',
                './src/runtime/versions',
                './src/runtime/validation',
              ],
              message:
                'runtime/claim sits below funnel: the rooms import one way (studio, versions, validation -> funnel -> claim -> contract).',
            },
            {
              target: './src/runtime/lifecycle',
              from: [
                './src/runtime/funnel',
                './src/runtime/claim',
                './src/runtime/contract',
                './src/runtime/studio',
                './src/runtime/versions',
                './src/runtime/validation',
                './src/runtime/web',
              ],
              message:
                'runtime/lifecycle (the claim stages) sits below funnel and imports no other room: the first page loads none of it.',
            },
            {
              target: './src/runtime/funnel',
              from: ['./src/runtime/studio', './src/runtime/versions', './src/runtime/validation'],
              message:
                'runtime/funnel sits below studio, versions and validation: the rooms import one way (studio, versions, validation -> funnel -> claim -> contract).',
            },
            {
              target: './src/content',
              from: [
                './src/app',
                './src/store',
                './src/platform',
                './src/gateway',
                './src/main.tsx',
              ],
              message:
                'src/content holds words a business edits: it may use runtime/ (pure functions), nothing else of ours.',
            },
            {
              target: './src/platform',
              from: ['./src/app', './src/store', './src/gateway'],
              message: 'src/platform sits below app and store.',
            },
            {
              target: './src/store',
              from: ['./src/app', './src/gateway'],
              message: 'src/store must not import app or gateway code.',
            },
            {
              target: './src/gateway',
              from: ['./src/app', './src/store', './src/platform', './src/browserEnv.ts'],
              message: 'The gateway imports only runtime/.',
            },
            {
              target: './src/app',
              from: './src/gateway',
              message: 'The browser never imports gateway code.',
            },
            {
              target: './src/app',
              from: './src/platform',
              message:
                'src/app reaches the outside through the store (RTK Query, thunks); src/main.tsx wires the platform in.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [firebaseWebSdk, firebaseAdmin] }] },
  },
  {
    // Outside a runtime room, import the room by its index: its public API.
    files: ['src/{app,store,platform,gateway}/**/*.{ts,tsx}', 'src/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            firebaseWebSdk,
            firebaseAdmin,
            {
              regex:
                '/runtime/(funnel|versions|validation|claim|contract|web|types|studio)/(?!ajvCompiler$|generated/).+$',
              message:
                'Import a runtime room by its index (runtime/funnel, runtime/claim, ...); only validation/ajvCompiler is imported directly, by Node code and the dev server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser's settings are read in src/browserEnv.ts only; Vite's mode flags (DEV,
    // PROD) stay inline, as literals let a build drop the code they guard.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/browserEnv.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.type='MemberExpression'][object.object.type='MetaProperty'][object.property.name='env'][property.name!=/^(DEV|PROD)$/]",
          message: 'Read the browser settings from src/browserEnv.ts.',
        },
      ],
    },
  },
  {
    // runtime/types holds declarations only: any room may import it without taking in code.
    // (This list replaces the rule above for these files, so it repeats the env selector.)
    files: ['src/runtime/types/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(Program, ExportNamedDeclaration, ExportDefaultDeclaration) > :matches(VariableDeclaration, FunctionDeclaration, ClassDeclaration, TSEnumDeclaration, ExpressionStatement)',
          message: 'src/runtime/types holds types only: put values and code in a runtime room.',
        },
        {
          selector:
            "MemberExpression[object.type='MemberExpression'][object.object.type='MetaProperty'][object.property.name='env'][property.name!=/^(DEV|PROD)$/]",
          message: 'Read the browser settings from src/browserEnv.ts.',
        },
      ],
    },
  },
  {
    // The runtime is pure: shared by the browser, the gateway and the CLI.
    files: ['src/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            firebaseWebSdk,
            firebaseAdmin,
            {
              group: ['react', 'react-*', 'react/*', '@rjsf/*'],
              message: 'src/runtime has no React.',
            },
            {
              group: ['node:*'],
              message: 'src/runtime runs in the browser too: no Node built-ins.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'navigator',
          'location',
          'history',
          'HTMLElement',
          'Element',
          'process',
          'Buffer',
        ].map((name) => ({
          name,
          message:
            'src/runtime is pure: no DOM or Node globals; take what you need as an argument.',
        })),
      ],
    },
  },
  {
    files: ['src/platform/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [firebaseAdmin] }] },
  },
  {
    files: ['src/gateway/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [firebaseWebSdk] }] },
  },
  {
    // Firestore's queries, writes and document shapes live in repositories (and infra, which
    // makes the clients): nothing else in the gateway, the scheduled jobs included, calls its
    // API. (This list replaces the src/** one for these files, so it repeats the env selector.)
    files: ['src/gateway/**/*.ts'],
    ignores: ['src/gateway/repositories/**', 'src/gateway/infra/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(collection|collectionGroup|doc|batch|runTransaction|getAll|bulkWriter|listCollections|recursiveDelete)$/]',
          message:
            'Read and write Firestore through a repository (src/gateway/repositories), the one place its queries and document shapes live.',
        },
        {
          selector:
            "MemberExpression[object.type='MemberExpression'][object.object.type='MetaProperty'][object.property.name='env'][property.name!=/^(DEV|PROD)$/]",
          message: 'Read the browser settings from src/browserEnv.ts.',
        },
      ],
    },
  },
  {
    // Handlers, the call path, mail and outside services read and write Firestore only
    // through repositories (src/gateway/repositories), which are the one place its queries
    // and document shapes live. (The scheduled jobs take it injected, for their tests, and
    // hand it to their repositories.)
    files: [
      'src/gateway/handlers/**/*.ts',
      'src/gateway/call/**/*.ts',
      'src/gateway/mail/**/*.ts',
      'src/gateway/services/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            firebaseWebSdk,
            {
              group: ['**/infra/firebaseAdmin'],
              importNames: ['firestore'],
              message: 'Reach Firestore through a repository (src/gateway/repositories).',
            },
          ],
        },
      ],
    },
  },
);
