import { initGraphQLTada } from 'gql.tada';
import type { introspection } from '../graphql-env';

/**
 * Every GraphQL document of the SPA is written with this `graphql()`: its result and variables
 * types come from the schema (web/src/graphql-env.d.ts, generated from schema/sdl), and
 * `gql-tada check` in the build rejects a document that does not fit the schema. Fragments are
 * not masked: a component reads the fields its fragment selected straight from the data.
 *
 * The build never calls it: the Vite plugin `shop-precompile-graphql` turns each call into its
 * parsed document (see ./graphql-document.ts), so the browser downloads no GraphQL parser.
 */
export const graphql = /* @__PURE__ */ initGraphQLTada<{ introspection: introspection; disableMasking: true }>();

export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada';
