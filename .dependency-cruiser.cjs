/*
 * Layering rules, checked by `npm run lint:deps` (dependency-cruiser). Arrows point the way imports may go:
 *   console: pages → components, api, session, app, router, i18n → @coin/contract (the router alone
 *            loads the pages)
 *   server:  http, cli, seed → domain → db (and all of them → @coin/contract); http and cli apart
 * The contract stands alone. Layer rules skip tests and their helpers (they may build the whole app);
 * the cycle and resolution rules apply to every file.
 */
const TESTS = ['\\.(test|testing|fixtures)\\.tsx?$', '/(testing|pageTesting)\\.tsx?$', '^server/src/testing/'];

/** A rule `name`: files matching `from` (tests aside) must not import files matching `to`. */
const layer = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TESTS },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by the console and the server: it imports only itself and npm packages.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(console|server|bench|e2e|scripts)/' },
    },
    layer('console-not-server', 'The console reaches the server over HTTP only.', '^console/', '^server/'),
    layer(
      'server-not-console',
      'The server serves the built console; it does not import its source.',
      '^server/',
      '^console/',
    ),
    layer(
      'pages-only-from-router',
      'Pages are leaves loaded by the router: components, api, session, app and i18n do not import them.',
      '^console/src/(?!pages/|router/)',
      '^console/src/pages/',
    ),
    {
      name: 'pages-stand-apart',
      comment:
        'A page folder does not import another page folder, tests and test helpers included: what two pages share lives in components/ (or api/, session/).',
      severity: 'error',
      from: { path: '^console/src/pages/([^/]+)/' },
      to: { path: '^console/src/pages/', pathNot: '^console/src/pages/$1/' },
    },
    layer('api-not-ui', 'The API layer knows no components.', '^console/src/api/', '^console/src/components/'),
    layer(
      'domain-below-http',
      'The domain serves http, cli and seed, never the other way.',
      '^server/src/domain/',
      '^server/src/(http|cli|seed)/',
    ),
    layer(
      'db-at-the-bottom',
      'The database layer knows no domain, http, cli or seed.',
      '^server/src/db/',
      '^server/src/(domain|http|cli|seed)/',
    ),
    layer(
      'cli-not-http',
      'The admin command uses the domain, not the HTTP layer.',
      '^server/src/cli/',
      '^server/src/http/',
    ),
    layer(
      'http-not-cli',
      'The HTTP layer does not import the admin command (what both need lives in the domain).',
      '^server/src/http/',
      '^server/src/cli/',
    ),
    layer(
      'no-fastify-in-domain',
      'Fastify, its types included, stays in the HTTP layer.',
      '^server/src/domain/',
      '^node_modules/(fastify|@fastify)/',
    ),
    {
      name: 'no-circular',
      comment:
        'No import cycles, type-only imports included; a cycle closed by a lazy import() is allowed ' +
        '(a lazily loaded page may take a type from the router that loads it).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves; otherwise the rules above would silently miss it.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // TypeScript 7 has no JavaScript API: .ts and .tsx are read through Babel (see that file). dependency-cruiser
    // then lists no .ts files from a folder, so the npm script names them by glob.
    babelConfig: { fileName: 'scripts/depcruise-babel.cjs' },
    // Resolve like Vite and tsx: package "exports" (our workspaces export .ts sources) and extensionless paths.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
