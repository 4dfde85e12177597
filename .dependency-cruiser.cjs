// Module boundaries of the workspaces, checked on the real import graph by
// test/ops/boundaries.test.ts (which fails the build on any violation). Add a rule as one more
// entry of `forbidden`, named `<from>-not-<to>` so a failure says which boundary broke.
/** Paths the production processes run (the Dockerfile and docker-compose.yml commands). */
const productionEntries = [
  '^gateway/src/server\\.ts$',
  '^gateway/src/index\\.ts$',
  '^workers/src/main\\.ts$',
  '^workers/src/index\\.ts$',
  '^scripts/src/migrate\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'payments-not-sandboxes',
      comment: 'payments holds the provider interface and adapters; the sandboxes depend on it, never the reverse.',
      severity: 'error',
      from: { path: '^payments/' },
      to: { path: '^sandboxes/' },
    },
    {
      name: 'production-not-sandboxes',
      comment: 'A production entry point reaches no module of the dev-only sandboxes workspace, directly or transitively.',
      severity: 'error',
      from: { path: productionEntries },
      to: { path: '^sandboxes/', reachable: true },
    },
    {
      name: 'gateway-not-workers',
      comment: 'gateway and workers are siblings on core, jobs and config: the gateway never imports the worker process.',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^workers/' },
    },
    {
      name: 'workers-not-gateway',
      comment: 'The workers never import the HTTP faces.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^gateway/' },
    },
    {
      name: 'outside-core-not-core-internals',
      comment:
        "Outside core, code reaches core through its index (commands in the unit of work) and three plumbing entries: the status events' Redis adapter, the outbox's relay and the shared folder of encrypted e-book copies. The primitives (core/src/internal.ts and the files under it) take a running transaction and are for tests only.",
      severity: 'error',
      from: { path: '^(gateway|workers|scripts|payments|db|jobs|config|sandboxes)/' },
      to: { path: '^core/src/', pathNot: '^core/src/(index|status-events|outbox|ebook-copies)\\.ts$' },
    },
    {
      name: 'shared-not-processes',
      comment: 'core, jobs, config, db and payments are shared by both processes and import neither of them.',
      severity: 'error',
      from: { path: '^(core|jobs|config|db|payments)/' },
      to: { path: '^(gateway|workers)/' },
    },
  ],
  options: {
    // The workspaces' own sources, not their builds or third-party code.
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/'] },
    tsPreCompilationDeps: true,
    // Workspace packages resolve through their package.json exports under the condition the
    // tests and dev tools run with, i.e. to the TypeScript sources.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['shop-source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: false,
  },
};
