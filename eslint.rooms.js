/**
 * The rooms of src/ and what each may use: the one list every layering rule of
 * eslint.config.js is derived from (tests/unit/scripts/lintRooms.test.ts plants a violation
 * of each rule in each room and expects lint to refuse it).
 *
 * A room is a folder or a file under src/. `may` names the rooms it may import (its own
 * files always); any other room of the list is refused, with `why`. `packages` names the
 * npm packages it must not import, and `rules` the other lint rules that hold in it only.
 * A rule set on a room holds in every folder below it, except in the rooms it names in
 * `except`.
 */

/** The Firebase web SDK: only src/platform talks to Firebase from the browser. */
export const firebaseWebSdk = {
  group: ['firebase', 'firebase/*', '@firebase/*'],
  message: 'Only src/platform may import the Firebase web SDK.',
};
/** The Admin SDK and Cloud Functions: only src/gateway runs on the server. */
export const firebaseAdmin = {
  group: ['firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*'],
  message: 'Only src/gateway may import firebase-admin and firebase-functions.',
};

/**
 * React Router's data routers: the build leaves out the code only they run (loaders' state,
 * a route's error boundary), since the app routes in a HistoryRouter
 * (scripts/vite-plugin-react-router-treeshake.ts); one of them would render without it.
 */
export const dataRouters = {
  group: ['react-router', 'react-router-dom', 'react-router/*'],
  importNames: [
    'RouterProvider',
    'createBrowserRouter',
    'createHashRouter',
    'createMemoryRouter',
    'createStaticRouter',
    'StaticRouterProvider',
    'HydratedRouter',
  ],
  message:
    'The app routes in a HistoryRouter: the build leaves out what only data routers run (scripts/vite-plugin-react-router-treeshake.ts).',
};

/** The runtime's rooms, each imported from outside by its index (its public API). */
export const RUNTIME_ROOMS = [
  'types',
  'contract',
  'claim',
  'lifecycle',
  'funnel',
  'studio',
  'versions',
  'validation',
  'web',
];

const runtime = (...rooms) => rooms.map((room) => `src/runtime/${room}`);
/** Every runtime room and file: what any room outside the runtime may import. */
const ALL_RUNTIME = [
  ...runtime(...RUNTIME_ROOMS),
  'src/runtime/backoff.ts',
  'src/runtime/constants.ts',
];
/** What runtime/funnel and each of its rooms may use outside the funnel. */
const FUNNEL_MAY = runtime('claim', 'contract', 'lifecycle', 'types').concat(
  'src/runtime/constants.ts',
);
const funnel = (...rooms) => rooms.map((room) => `src/runtime/funnel/${room}`);
const FUNNEL_ONE_WAY =
  "the funnel's rooms import one way (registry -> checks -> pages, answers, words -> schema; each may use funnel/types.ts and funnel/generated)";
const ROOMS_ONE_WAY =
  'the rooms import one way (studio, versions, validation -> funnel -> claim -> contract -> types)';

/** The settings a browser build reads (import.meta.env) are read in src/browserEnv.ts only. */
const envOnlyInBrowserEnv = {
  selector:
    "MemberExpression[object.type='MemberExpression'][object.object.type='MetaProperty'][object.property.name='env'][property.name!=/^(DEV|PROD)$/]",
  message: 'Read the browser settings from src/browserEnv.ts.',
};

/** Outside a runtime room, import the room by its index: its public API. */
const runtimeByIndex = {
  regex: `/runtime/(${RUNTIME_ROOMS.join('|')})/(?!ajvCompiler$|ajvOptions$|generated/).+$`,
  message:
    'Import a runtime room by its index (runtime/funnel, runtime/claim, ...); only validation/ajvCompiler (by Node code and the dev server) and validation/ajvOptions (the options alone, for code that must not load the funnel runtime with them) are imported directly.',
};

export const ROOMS = [
  {
    room: 'src/runtime/constants.ts',
    may: [],
    why: 'runtime/constants.ts is the floor of the house: it imports nothing.',
  },
  {
    room: 'src/runtime/types',
    may: ['src/runtime/constants.ts'],
    why: 'src/runtime/types sits below every runtime room: it imports only itself and constants.ts.',
    rules: {
      syntax: [
        {
          selector:
            ':matches(Program, ExportNamedDeclaration, ExportDefaultDeclaration) > :matches(VariableDeclaration, FunctionDeclaration, ClassDeclaration, TSEnumDeclaration, ExpressionStatement)',
          message: 'src/runtime/types holds types only: put values and code in a runtime room.',
        },
      ],
    },
  },
  {
    room: 'src/runtime/backoff.ts',
    may: ['src/runtime/constants.ts', 'src/runtime/types'],
    why: 'runtime/backoff.ts is below every room that retries: it imports only constants and types.',
  },
  {
    room: 'src/runtime/contract',
    may: runtime('types').concat('src/runtime/constants.ts'),
    why: `runtime/contract sits below claim and funnel: ${ROOMS_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/claim',
    may: runtime('contract', 'types').concat('src/runtime/constants.ts'),
    why: `runtime/claim sits below funnel: ${ROOMS_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/lifecycle',
    may: runtime('types').concat('src/runtime/constants.ts'),
    why: 'runtime/lifecycle (the claim stages) sits below funnel and imports no other room: the first page loads none of it.',
  },
  {
    room: 'src/runtime/funnel',
    may: FUNNEL_MAY,
    why: `runtime/funnel sits below studio, versions and validation: ${ROOMS_ONE_WAY}.`,
  },
  // The funnel's own rooms, one way: schema -> pages, answers, words -> checks -> registry.
  {
    room: 'src/runtime/funnel/schema',
    may: FUNNEL_MAY,
    why: `runtime/funnel/schema (reading schema files) sits below the funnel's other rooms: ${FUNNEL_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/funnel/pages',
    may: [...FUNNEL_MAY, 'src/runtime/funnel/schema'],
    why: `runtime/funnel/pages (the order of pages) uses only schema: ${FUNNEL_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/funnel/answers',
    may: [...FUNNEL_MAY, 'src/runtime/funnel/schema'],
    why: `runtime/funnel/answers (answers as stored and shown) uses only schema: ${FUNNEL_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/funnel/words',
    may: [...FUNNEL_MAY, 'src/runtime/funnel/schema'],
    why: `runtime/funnel/words (wording and translations) uses only schema: ${FUNNEL_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/funnel/checks',
    may: [...FUNNEL_MAY, ...funnel('schema', 'pages', 'answers', 'words')],
    why: `runtime/funnel/checks (what funnels:check runs) sits below the registry: ${FUNNEL_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/funnel/registry',
    may: [...FUNNEL_MAY, ...funnel('schema', 'pages', 'answers', 'words', 'checks')],
    why: `runtime/funnel/registry builds on every other room of the funnel: ${FUNNEL_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/studio',
    may: runtime('funnel', 'claim', 'contract', 'lifecycle', 'types').concat(
      'src/runtime/constants.ts',
    ),
    why: `runtime/studio sits above funnel and beside versions and validation: ${ROOMS_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/versions',
    may: runtime('funnel', 'claim', 'contract', 'lifecycle', 'types').concat(
      'src/runtime/constants.ts',
    ),
    why: `runtime/versions sits above funnel and beside studio and validation: ${ROOMS_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/validation',
    may: runtime('funnel', 'claim', 'contract', 'lifecycle', 'types').concat(
      'src/runtime/constants.ts',
    ),
    why: `runtime/validation sits above funnel and beside studio and versions: ${ROOMS_ONE_WAY}.`,
  },
  {
    room: 'src/runtime/web',
    may: ['src/runtime/backoff.ts', 'src/runtime/constants.ts', 'src/runtime/types'],
    why: 'runtime/web (retries, reachability, reload guards) imports only backoff, constants and types.',
  },
  {
    room: 'src/runtime',
    may: ALL_RUNTIME,
    why: 'src/runtime is pure: it imports nothing of ours outside it.',
    packages: [
      firebaseWebSdk,
      firebaseAdmin,
      { group: ['react', 'react-*', 'react/*', '@rjsf/*'], message: 'src/runtime has no React.' },
      { group: ['node:*'], message: 'src/runtime runs in the browser too: no Node built-ins.' },
    ],
    rules: {
      globals: [
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
        message: 'src/runtime is pure: no DOM or Node globals; take what you need as an argument.',
      })),
    },
  },
  {
    room: 'src/content',
    may: ALL_RUNTIME,
    why: 'src/content holds words a business edits: it may use runtime/ (pure functions), nothing else of ours.',
    packages: [firebaseWebSdk, firebaseAdmin, runtimeByIndex],
  },
  {
    room: 'src/browserEnv.ts',
    may: ALL_RUNTIME,
    why: 'src/browserEnv.ts reads the build settings and imports only runtime/.',
    packages: [firebaseWebSdk, firebaseAdmin, runtimeByIndex],
    allowEnv: true,
  },
  {
    room: 'src/platform',
    may: [...ALL_RUNTIME, 'src/content', 'src/browserEnv.ts'],
    why: 'src/platform sits below app and store, and apart from the gateway.',
    packages: [firebaseAdmin, runtimeByIndex],
  },
  {
    room: 'src/platform/firebaseApp',
    may: [...ALL_RUNTIME, 'src/content', 'src/browserEnv.ts'],
    why: 'src/platform/firebaseApp (the Firebase app, its settings, App Check, analytics, the gateway callable) imports no other room of the platform.',
  },
  {
    room: 'src/platform/uploads',
    may: [...ALL_RUNTIME, 'src/content', 'src/browserEnv.ts'],
    why: 'src/platform/uploads (the queue of evidence files kept in this browser, upload locks) imports no other room of the platform.',
  },
  {
    room: 'src/store',
    may: [...ALL_RUNTIME, 'src/content', 'src/browserEnv.ts', 'src/platform'],
    why: 'src/store must not import app or gateway code.',
    packages: [firebaseWebSdk, firebaseAdmin, runtimeByIndex],
  },
  {
    room: 'src/store/account',
    may: [...ALL_RUNTIME, 'src/content', 'src/browserEnv.ts', 'src/platform'],
    why: 'src/store/account (sign-in, the profile, an account’s claims) uses what src/store uses.',
  },
  {
    room: 'src/app',
    may: [...ALL_RUNTIME, 'src/content', 'src/browserEnv.ts', 'src/store'],
    why: 'src/app reaches the outside through the store (RTK Query, thunks); src/main.tsx wires the platform in; the browser never imports gateway code.',
    packages: [firebaseWebSdk, firebaseAdmin, runtimeByIndex, dataRouters],
  },
  {
    room: 'src/app/ui/fields',
    may: [...ALL_RUNTIME, 'src/content', 'src/browserEnv.ts', 'src/store'],
    why: 'src/app/ui/fields (labelled GOV.UK inputs) sit below the rest of ui/: no other room of it.',
  },
  {
    room: 'src/app/ui/account',
    may: [...ALL_RUNTIME, 'src/content', 'src/browserEnv.ts', 'src/store', 'src/app/ui/fields'],
    why: 'src/app/ui/account (the sign-in and account forms’ checks and words) may use ui/fields.',
  },
  {
    room: 'src/main.tsx',
    may: [
      ...ALL_RUNTIME,
      'src/content',
      'src/browserEnv.ts',
      'src/store',
      'src/platform',
      'src/app',
    ],
    why: 'src/main.tsx wires the browser together: the gateway is not the browser’s.',
    packages: [firebaseWebSdk, firebaseAdmin, runtimeByIndex, dataRouters],
  },
  {
    room: 'src/gateway',
    may: [...ALL_RUNTIME, 'src/content'],
    why: 'The gateway imports only runtime/ and content/.',
    packages: [firebaseWebSdk, runtimeByIndex],
    rules: {
      // Firestore's queries, writes and document shapes live in repositories (and infra,
      // which makes the clients): nothing else in the gateway calls its API.
      syntax: [
        {
          selector:
            'CallExpression[callee.property.name=/^(collection|collectionGroup|doc|batch|runTransaction|getAll|bulkWriter|listCollections|recursiveDelete)$/]',
          message:
            'Read and write Firestore through a repository (src/gateway/repositories), the one place its queries and document shapes live.',
        },
        // Documents are typed at the edge: a repository's converter checks each one against its
        // schema, and what leaves the repository is that type, never Firestore's untyped data.
        {
          selector:
            ":matches(TSTypeReference[typeName.name='DocumentData'], TSQualifiedName[right.name='DocumentData'], ImportSpecifier[imported.name='DocumentData'])",
          message:
            "Take a repository's document type (claimDocument.ts, userRepository.ts...), not Firestore's untyped DocumentData.",
        },
        {
          selector: "CallExpression[callee.property.name='data'][arguments.length=0]",
          message:
            "Read a document's fields in its repository, through the collection's converter: a snapshot's data() is for repositories only.",
        },
      ],
      except: ['src/gateway/repositories', 'src/gateway/infra'],
    },
  },
  {
    // Handlers, the call path, mail and outside services take Firestore from repositories
    // only (the scheduled jobs take it injected, for their tests, and hand it on).
    room: 'src/gateway/handlers',
    also: ['src/gateway/call', 'src/gateway/mail', 'src/gateway/services'],
    packages: [
      {
        group: ['**/infra/firebaseAdmin'],
        importNames: ['firestore'],
        message: 'Reach Firestore through a repository (src/gateway/repositories).',
      },
    ],
  },
];

export { envOnlyInBrowserEnv };
