// Architecture rules (issue 18 item 1), checked by `npm run check:boundaries`, a step
// of .ci/run before `npm test`. Every rule is an error: the check passes only with zero
// violations. Fix a finding by moving code to the layer it belongs to, never by loosening a rule.
//
// Layers of the API (apps/api/src), top to bottom. An import may point down, or sideways within
// a layer, never up:
//   1. entry points and wiring: the top-level files (server.ts, worker.ts, app.ts, job-runner.ts
//      with every module's job handlers, the demo order history in demo-orders.ts), plugins/,
//      modules/index.ts (the route registry)
//   2. routes:       modules/*/*.routes.ts   (HTTP: parse, authorise, call a service, reply)
//   3. compose:      modules/*/*.compose.ts  (a module's services built from the app's
//                    dependencies; used by routes, the job runner and the demo history)
//   4. services:     modules/*/*.service.ts  (use cases) and the module's other helpers
//                    (*.email.ts, *.pdf.ts, order-checks.ts, modules/pdf-documents.ts, ...)
//   5. repositories: modules/*/*.repository.ts (the only place in a module that runs SQL),
//                    modules/*/*.types.ts (shapes, and pure readings of them, that a repository,
//                    its services and other modules share) and modules/*/*.sql-parts.ts (SQL
//                    parts on the module's tables that it lends to other modules' statements,
//                    db/sql-parts.ts, decisions 017 and 021)
//   6. infrastructure: lib/, adapters/, ports/, db/, config/ — know nothing of modules/
// "Upward" therefore means: a repository or types file importing any other file of modules/
// (a service, helper, compose, route or the registry); a service or helper importing a compose
// file, a route or the registry; a compose file importing a route or the registry; a route
// importing another route or the registry (routes share services through compose files);
// anything below layer 1 importing a top-level file or plugins/; infrastructure importing
// modules/. Types and helpers that both a repository and a service need live in a *.types.ts
// file or the repository, in lib/ or in packages/domain.

const API = '^apps/api/src/';
const MODULES = `${API}modules/`;
const REPOSITORY = `${MODULES}[^/]+/[^/]+[.](repository|types|sql-parts)[.]ts$`;
const REPOSITORY_FILE = `${MODULES}[^/]+/[^/]+[.]repository[.]ts$`;
const ROUTES = `${MODULES}[^/]+/[^/]+[.]routes[.]ts$`;
const COMPOSE = `${MODULES}[^/]+/[^/]+[.]compose[.]ts$`;
const REGISTRY = `${MODULES}index[.]ts$`;
const TESTS = '([.]test[.]tsx?$|[.]test-helpers[.]ts$|/test/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      // The browser apps talk to the API over HTTP only, through packages/contracts; importing
      // server code would pull Node-only modules (pg, fastify) into a browser bundle.
      name: 'browser-apps-not-to-api',
      severity: 'error',
      from: { path: '^apps/(web|group-orders)/' },
      to: { path: '^apps/api/' },
    },
    {
      // The two browser apps are separate sites: shared code belongs in packages/*.
      name: 'browser-apps-not-to-each-other',
      severity: 'error',
      from: { path: '^apps/(web|group-orders)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      // Shared packages (domain, contracts) sit below every app and must stay usable by all of
      // them, so they import no app.
      name: 'packages-not-to-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      // Infrastructure (layer 5) knows nothing of the business modules: it is what modules are
      // built on. A module that needs to plug into it passes a function or an object in.
      name: 'api-infrastructure-not-to-modules',
      severity: 'error',
      from: { path: `${API}(lib|adapters|ports|db|config)/`, pathNot: TESTS },
      to: { path: MODULES },
    },
    {
      // A module reads and writes another module's tables only through that module's service or
      // compose file, or the SQL parts it lends (*.sql-parts.ts), so each repository has one
      // owner. Another module's *.types.ts (shapes, no SQL) may be imported.
      name: 'api-no-foreign-repository',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: { path: REPOSITORY_FILE, pathNot: `${MODULES}$1/` },
    },
    {
      // Upward, case 1: a repository or types file (layer 5) imports only other repositories,
      // types files and infrastructure, never a service, helper, compose file, route or the
      // registry of any module.
      name: 'api-repository-not-upward',
      severity: 'error',
      from: { path: REPOSITORY },
      to: { path: MODULES, pathNot: REPOSITORY },
    },
    {
      // Upward, case 2: services and the other helpers of a module (layer 4) never import a
      // compose file, a route or the registry.
      name: 'api-service-not-upward',
      severity: 'error',
      from: { path: MODULES, pathNot: `(${ROUTES}|${COMPOSE}|${REGISTRY}|${REPOSITORY}|${TESTS})` },
      to: { path: `(${ROUTES}|${COMPOSE}|${REGISTRY})` },
    },
    {
      // Upward, case 3: a compose file (layer 3) never imports a route or the registry.
      name: 'api-compose-not-upward',
      severity: 'error',
      from: { path: COMPOSE },
      to: { path: `(${ROUTES}|${REGISTRY})` },
    },
    {
      // Upward, case 4: a route (layer 2) never imports the registry, nor another route: a
      // service two routes share is built by its module's compose file.
      name: 'api-routes-not-upward',
      severity: 'error',
      from: { path: ROUTES },
      to: { path: `(${ROUTES}|${REGISTRY})` },
    },
    {
      // Modules and infrastructure never import the entry points and plugins (layer 1).
      name: 'api-not-to-entry-points',
      severity: 'error',
      from: { path: `${API}(modules|lib|adapters|ports|db|config)/`, pathNot: TESTS },
      to: { path: `${API}[^/]+$|${API}plugins/` },
    },
    {
      // No import cycles anywhere, type-only imports included: a cycle of types still ties the
      // two files' designs together and becomes a runtime cycle as soon as a value is added.
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp)/' },
    // type-only imports are dependencies too (see no-circular)
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
