import { GraphQLError, Kind, type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

export const MAX_DEPTH = 8;
export const MAX_ALIASES = 15;
export const MAX_FIELDS = 300;

function walk(
  set: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  depth: number,
  seen: Set<string>,
  acc: { maxDepth: number; aliases: number; fields: number },
): void {
  if (!set) return;
  acc.maxDepth = Math.max(acc.maxDepth, depth);
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      const f = sel as FieldNode;
      acc.fields++;
      if (f.alias) acc.aliases++;
      walk(f.selectionSet, fragments, depth + 1, seen, acc);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      walk(sel.selectionSet, fragments, depth, seen, acc);
    } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const name = sel.name.value;
      // A fragment spread twice is counted twice: that is what the server would execute.
      if (seen.has(name)) continue;
      const frag = fragments[name];
      if (!frag) continue;
      seen.add(name);
      walk(frag.selectionSet, fragments, depth, seen, acc);
      seen.delete(name);
    }
  }
}

/**
 * One validation rule for the shape of a query: depth, aliases and total fields. Cheap to check,
 * and it stops the classic amplification queries before any resolver runs.
 */
export function queryShapeRule(context: ValidationContext): ASTVisitor {
  const doc = context.getDocument();
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  return {
    OperationDefinition(op) {
      const acc = { maxDepth: 0, aliases: 0, fields: 0 };
      walk(op.selectionSet, fragments, 1, new Set(), acc);
      if (acc.maxDepth > MAX_DEPTH)
        context.reportError(new GraphQLError(`query is too deep (${acc.maxDepth} > ${MAX_DEPTH})`, { nodes: [op], extensions: { code: 'QUERY_TOO_COMPLEX' } }));
      if (acc.aliases > MAX_ALIASES)
        context.reportError(new GraphQLError(`too many aliases (${acc.aliases} > ${MAX_ALIASES})`, { nodes: [op], extensions: { code: 'QUERY_TOO_COMPLEX' } }));
      if (acc.fields > MAX_FIELDS)
        context.reportError(new GraphQLError(`too many fields (${acc.fields} > ${MAX_FIELDS})`, { nodes: [op], extensions: { code: 'QUERY_TOO_COMPLEX' } }));
    },
  };
}
