import type { DefinitionNode, DocumentNode } from 'graphql';

/**
 * What a `graphql` call with fragments returns at run time, for a text the build already parsed: the
 * document's own definitions, then those of the fragments it names (each once, in order), as
 * gql.tada does. Only the build's precompiled calls use it.
 */
export function composeDocument(parsed: DocumentNode, fragments: readonly DocumentNode[] = []): DocumentNode {
  const definitions: DefinitionNode[] = [...parsed.definitions];
  const named = new Set(definitions.flatMap((d) => (d.kind === 'FragmentDefinition' ? [d.name.value] : [])));
  for (const fragment of fragments) {
    for (const d of fragment.definitions) {
      if (d.kind !== 'FragmentDefinition' || named.has(d.name.value)) continue;
      named.add(d.name.value);
      definitions.push(d);
    }
  }
  return { kind: 'Document' as DocumentNode['kind'], definitions };
}
