import type { DocumentNode } from 'graphql';

/**
 * The answers a prerendered page was rendered from, by `resultKey`: web/src/ssr.tsx writes them
 * into the HTML (#shop-state), main.tsx hands them to the browser's query store, which serves
 * them until Apollo is loaded and then writes them into Apollo's cache.
 */
export type EmbeddedResults = Record<string, unknown>;

/** JSON with object keys sorted, so equal variables give one key whatever order they were written in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** One query's answer: its operation's name and its variables (every query of the SPA is named). */
export function resultKey(document: DocumentNode, variables: object): string {
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
  const name = operation && 'name' in operation ? operation.name?.value : undefined;
  if (!name) throw new Error('resultKey: a query without an operation name');
  return `${name}:${stableJson(variables)}`;
}
