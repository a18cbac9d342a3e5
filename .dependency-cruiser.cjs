// Architecture rules (issue 18 item 1), checked by `npm run check:boundaries` and the
// 'boundaries' step of `npm test`. Every rule is an error: the check passes only with zero
// violations. Fix a finding by moving code to the layer it belongs to, never by loosening a rule.
//
// Layers of the API (apps/api/src), top to bottom. An import may point down or sideways, never up:
//   1. entry points and wiring: the top-level files (server.ts, worker.ts, app.ts, the demo
//      order history in demo-orders.ts, placed through the checkout service), plugins/,
//      modules/index.ts, modules/*/*.compose.ts
//   2. routes:       modules/*/*.routes.ts   (HTTP: parse, authorise, call a service, reply)
//   3. services:     modules/*/*.service.ts  (use cases) and the module's other helpers
//                    (*.email.ts, *.pdf.ts, order-checks.ts, ...)
//   4. repositories: modules/*/*.repository.ts (the only place in a module that runs SQL)
//   5. infrastructure: lib/, adapters/, ports/, db/, config/ — know nothing of modules/
// "Upward" therefore means: a repository importing anything of layers 1–3 of a module (a service,
// a route, a helper, a compose file or the module index), or a service/helper importing a route,
// a compose file or the module index, or infrastructure importing a module.
// Types and helpers that both a repository and a service need live in the repository (or in a
// *.types.ts file, which counts as layer 4), in lib/ or in packages/domain.

const API = '^apps/api/src/';
const MODULES = `${API}modules/`;
const REPOSITORY = `${MODULES}[^/]+/[^/]+[.](repository|types)[.]ts$`;
const ROUTES = `${MODULES}[^/]+/[^/]+[.]routes[.]ts$`;
const WIRING = `(${MODULES}index[.]ts$|${MODULES}[^/]+/[^/]+[.]compose[.]ts$)`;
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
      // A module reads and writes another module's tables only through that module's service
      // (or an exported helper that is not its repository), so each repository has one owner.
      name: 'api-no-foreign-repository',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: { path: REPOSITORY, pathNot: `${MODULES}$1/` },
    },
    {
      // Upward, case 1: a repository (layer 4) imports only other repositories/types files and
      // infrastructure, never a service, helper, route or wiring file of any module.
      name: 'api-repository-not-upward',
      severity: 'error',
      from: { path: REPOSITORY },
      to: { path: MODULES, pathNot: REPOSITORY },
    },
    {
      // Upward, case 2: services and the other helpers of a module (layer 3) never import a
      // route (layer 2) or the wiring (layer 1).
      name: 'api-service-not-upward',
      severity: 'error',
      from: { path: MODULES, pathNot: `(${ROUTES}|${WIRING}|${TESTS})` },
      to: { path: `(${ROUTES}|${WIRING})` },
    },
    {
      // Upward, case 3: a route (layer 2) never imports the wiring (layer 1) nor another route.
      name: 'api-routes-not-upward',
      severity: 'error',
      from: { path: ROUTES },
      to: { path: WIRING },
    },
    {
      // Modules and infrastructure never import the entry points and plugins (layer 1).
      name: 'api-not-to-entry-points',
      severity: 'error',
      from: { path: `${API}(modules|lib|adapters|ports|db|config)/`, pathNot: TESTS },
      to: { path: `${API}(server|worker|app)[.]ts$|${API}plugins/` },
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
