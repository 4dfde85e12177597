// Lint of the whole tree (`npm run lint`, and the first step of a full `npm test`): ESLint's and
// typescript-eslint's recommended rules, the React hooks rules in the SPA, and the import
// boundaries of the workspaces and of the SPA's feature folders (docs/testing.md).
// no-restricted-imports sees static imports only; test/ops/boundaries.test.ts (dependency-cruiser)
// checks the layering on the real module graph too, dynamic imports and transitive paths included.
// No max-len: about 90 lines of code (strings, templates, URLs and comments aside) pass 160
// characters today, across every package.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The workspaces and the `@shop/` packages each may import: dependencies run one way
 * (docs/architecture.md). gateway and workers are siblings on the shared layer and import neither each
 * other nor sandboxes; the shared layer imports no process; sandboxes (dev and test only) build on
 * payments; the SPA imports no server package. test/ops/lint.test.ts checks each list against the
 * workspace's package.json, so a new dependency is declared in both places.
 */
export const workspaceImports = {
  schema: [],
  db: [],
  config: [],
  jobs: [],
  payments: [],
  core: ['db', 'jobs', 'payments'],
  sandboxes: ['payments'],
  workers: ['config', 'core', 'db', 'jobs', 'payments'],
  gateway: ['config', 'core', 'db', 'jobs', 'payments', 'schema'],
  web: [],
};
const workspaces = Object.keys(workspaceImports);

/** Why a workspace may not import another, for the lint message. */
function reason(from, to) {
  if (to === 'sandboxes') return 'sandboxes is dev and test only: no production package imports it (tests and scripts may)';
  if (from === 'web') return 'the SPA talks to the server over GraphQL only and imports no server package';
  if ((from === 'gateway' && to === 'workers') || (from === 'workers' && to === 'gateway'))
    return 'gateway and workers are siblings on the shared layer: neither imports the other';
  if (to === 'gateway' || to === 'workers') return 'the shared layer (core, jobs, config, db, payments) imports neither process';
  return `@shop/${to} is not a dependency of ${from}: dependencies run one way (docs/architecture.md)`;
}

/** No import reaches into another package's sources or build: only its package entry points. */
const packageInternals = [
  {
    regex: '^@shop/[^/]+/(src|dist)(/|$)',
    message: 'Import a package by its entry (@shop/x or @shop/x/<module>, mapped by its package.json exports), not its src/ or dist/ folder.',
  },
  {
    regex: `^(\\.\\./)+(${[...workspaces, 'scripts'].join('|')})/(src|dist)(/|$)`,
    message: "A relative path into another package's src/ or dist/ bypasses its package.json: import @shop/x (tests may reach inside).",
  },
];

/** One no-restricted-imports rule from groups of patterns (a later block replaces an earlier one's options, so each block lists all of its own). */
const restrict = (...groups) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: groups.flat() }],
});

/** The @shop packages a workspace may not import, each with its reason. */
const forbiddenWorkspaces = (from) =>
  workspaces.filter((to) => to !== from && !workspaceImports[from].includes(to)).map((to) => ({ regex: `^@shop/${to}(/|$)`, message: reason(from, to) }));

const workspaceBoundaries = workspaces.map((w) => ({
  name: `boundaries/${w}`,
  files: [`${w}/**/*.{ts,tsx,mts,js,mjs}`],
  rules: restrict(packageInternals, forbiddenWorkspaces(w)),
}));

// scripts/ is the dev tooling (npm start, benchmarks) and may use every package, sandboxes
// included, through its entries; its migrate job runs in production (docker-compose.yml), so it
// imports no sandbox. Tests (test/) are white-box and may reach anywhere.
const scriptBoundaries = [
  { name: 'boundaries/scripts', files: ['scripts/**/*.{ts,mts,js,mjs}'], rules: restrict(packageInternals) },
  {
    name: 'boundaries/scripts-migrate',
    files: ['scripts/src/migrate.ts'],
    rules: restrict(packageInternals, {
      regex: '^@shop/sandboxes(/|$)',
      message: 'the migrate job runs in production: it imports nothing of the dev-only sandboxes',
    }),
  },
];

// The SPA's feature folders (web/src/features/<feature>/) do not reach into each other: another
// feature is imported only through its public entry, its index.ts. app/ and ssr.tsx compose the
// features and may import their modules directly (a lazy route or dialog needs its own module).
const featuresDir = new URL('./web/src/features/', import.meta.url);
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const featureBoundaries = features.map((feature) => {
  const others = features.filter((f) => f !== feature).join('|');
  return {
    name: `boundaries/web-feature-${feature}`,
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict(packageInternals, forbiddenWorkspaces('web'), {
      regex: `(^|/)(features/|\\.\\./)(${others})/(?!index(\\.tsx?)?$)`,
      message: 'A feature imports another feature only through its public entry (features/<name>/index.ts), never its internal modules.',
    }),
  };
});

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-ssr/',
    '**/dist-ssr-tmp/',
    '.data/',
    '.tap/',
    // The suites as tap runs them, types blanked (scripts/compile-tests.mjs).
    'test-dist/',
    'test-bundle/',
    'test-artifacts/',
    'bench-results/',
    // Generated from the SDL (npm run gen:graphql); test/ops/schema-types.test.ts checks them.
    'gateway/src/graphql/schema-types.ts',
    'web/src/graphql-env.d.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'project-conventions',
    rules: {
      // A rest destructuring drops fields by naming them (`const { token: _t, ...data } = r`), and
      // a leading underscore marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // `interface MercuriusContext extends ShopContext {}` is how a module augmentation merges a type.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // A teardown is registered before the resource it closes exists (so a failed start is still
      // cleaned up), and reads the variable before its one assignment.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    name: 'migrations',
    files: ['db/src/migrations/**', 'db/src/migrate.ts', 'db/src/health.ts'],
    // Migrations take Kysely<any> (Kysely's own advice, design.md): they run against whatever
    // schema the earlier migrations left, not the app's Database interface; so do the migrator and
    // the ping, which take a connection of any schema.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    name: 'node-globals',
    files: ['**/*.{ts,mts,js,mjs,cjs}'],
    ignores: ['web/src/**'],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'commonjs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    name: 'spa',
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    // The two hooks rules, as errors. The plugin's other recommended rules check code for the React
    // Compiler (refs read during render, setState in an effect); the SPA is not compiled with it and
    // uses the "latest value in a ref" pattern on purpose (lib/form.ts, app/RootLayout.tsx).
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  workspaceBoundaries,
  scriptBoundaries,
  featureBoundaries,
);
