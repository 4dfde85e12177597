import { resolve } from 'node:path';
import type { PluginContext, RenderedChunk } from 'rollup';

// What the bundled code can name: every string, number and property name written in the modules
// the build rendered. The build keeps a theme token, a style property or a condition of Chakra's
// only where a literal names it (chakra.ts, chakra-style-props.ts).

const sourceDir = resolve(__dirname, '..', 'src') + '/';
/** The libraries that write styles: their recipes and components name tokens and style properties. */
export const styleLibraries = /\/node_modules\/(@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss)\//;

/** Every string, number and property name written in a module's code. */
export function literalsOf(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) literalsOf(n, out);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const n = node as Record<string, unknown> & { type?: string };
  if (n.type === 'Literal' && (typeof n.value === 'string' || typeof n.value === 'number')) out.add(String(n.value));
  else if (n.type === 'TemplateElement') out.add(String((n.value as { cooked?: string; raw: string }).cooked ?? (n.value as { raw: string }).raw));
  else if (n.type === 'Property' && !n.computed && (n.key as { type: string }).type === 'Identifier') out.add((n.key as { name: string }).name);
  for (const [key, value] of Object.entries(n)) if (key !== 'type' && value !== null && typeof value === 'object') literalsOf(value, out);
}

// Each module's literals, by its rendered code: the theme tokens' plugin and the style props' (once
// per chunk it trims) read the same modules of one bundle: each module is parsed once.
const literalsByCode = new Map<string, Set<string>>();
function moduleLiterals(ctx: PluginContext, code: string): Set<string> {
  let literals = literalsByCode.get(code);
  if (!literals) {
    literals = new Set();
    literalsOf(ctx.parse(code), literals);
    literalsByCode.set(code, literals);
  }
  return literals;
}

/**
 * The literals of the bundle's modules that `skip` leaves: the SPA's own (src/) and, in the
 * browser's build, the style libraries'. The server's bundle keeps library code the browser's
 * sheds (Chakra's whole theme), dead code that names things in passing: its checks read the SPA's
 * own modules only.
 */
export function bundleLiterals(
  ctx: PluginContext,
  chunks: Record<string, RenderedChunk>,
  build: 'browser' | 'server',
  skip: (id: string) => boolean,
): Set<string> {
  const literals = new Set<string>();
  for (const each of Object.values(chunks))
    for (const [id, module] of Object.entries(each.modules))
      if (!skip(id) && (id.startsWith(sourceDir) || (build === 'browser' && styleLibraries.test(id))) && module.code)
        for (const literal of moduleLiterals(ctx, module.code)) literals.add(literal);
  return literals;
}
