import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { bundleLiterals, literalsOf } from './bundle-literals';

// Chakra's base preset defines 243 style properties (utilities: `bg`, `px`, `focusRing`, …, with
// their shorthands) and 104 conditions (`_hover`, `_groupChecked`, …), its theme 33 keyframes and
// 30 text, layer and animation styles; Panda's list of 535 CSS properties decides which other props
// are styles, Emotion's of 418 DOM props what reaches the element. All of it was part of a guest's
// first load, about a seventh of its script, for the few dozen the shop writes. As with the theme
// tokens (chakra.ts), the browser's build keeps only what a literal of the bundled code names:
// - a keyframe whose name is a word of a literal (`"fade-in, scale-in"` in a recipe; Chakra's
//   animation tokens are named after their keyframes, which test/web/style-props.test.ts checks);
// - a text, layer or animation style whose path is written (`layerStyle="fill.subtle"`);
// - then, reading the kept styles' and keyframes' code too: a utility whose property or one of its
//   shorthands is written (`bg="…"` or `{ background: … }` in a recipe keeps `background`), a
//   condition whose prop is written (`_hover`), a CSS property written as such (`whiteSpace`);
// - of Emotion's list of the props a DOM element takes, those written (`href`, `htmlFor`; Zag's
//   prop getters write theirs too), which is what Chakra forwards to its elements.
// Dropping one changes nothing for the code that is there: a style prop nobody writes is never
// looked up. What a literal cannot show is a name put together at run time; the browser suites'
// style check (test/helpers/css-audit.ts) reads every screen for styles the browser drops, and
// test/web/style-props.test.ts proves that the kept system styles the recipes and the SPA's props
// as Chakra's whole preset does. The server renderer is built after the browser's bundle and keeps
// the same (the same system gives the same markup and a smaller global CSS in each page); its build
// fails if the SPA's code it bundles names something the browser's system lacks.
//
// Each trimmed object is tagged while its module is transformed (a `__shopKeep` property, gone from
// the output) and cut when the chunk is rendered, once the whole bundle is known.

type Kind = 'utilities' | 'conditions' | 'keyframes' | 'textStyles' | 'layerStyles' | 'animationStyles';
type Kept = Record<Kind | 'cssProperties' | 'htmlAttributes', string[]>;

const tagged: Array<{ file: RegExp; kind: Kind; opening: string }> = [
  { file: /\/@chakra-ui\/react\/dist\/esm\/preset-base\.js$/, kind: 'conditions', opening: 'const defaultConditions = defineConditions({' },
  { file: /\/@chakra-ui\/react\/dist\/esm\/preset-base\.js$/, kind: 'utilities', opening: '  utilities: {' },
  { file: /\/@chakra-ui\/react\/dist\/esm\/theme\/tokens\/keyframes\.js$/, kind: 'keyframes', opening: 'const keyframes = defineKeyframes({' },
  { file: /\/@chakra-ui\/react\/dist\/esm\/theme\/text-styles\.js$/, kind: 'textStyles', opening: 'const textStyles = defineTextStyles({' },
  { file: /\/@chakra-ui\/react\/dist\/esm\/theme\/layer-styles\.js$/, kind: 'layerStyles', opening: 'const layerStyles = defineLayerStyles({' },
  { file: /\/@chakra-ui\/react\/dist\/esm\/theme\/motion-styles\.js$/, kind: 'animationStyles', opening: 'const animationStyles = defineAnimationStyles({' },
];
const cssPropertiesFile = /\/@pandacss\/is-valid-prop\/dist\/index\.mjs$/;
const htmlAttributesFile = /\/@emotion\/is-prop-valid\/dist\/emotion-is-prop-valid\.esm\.js$/;
const TAG = '__shopKeep';
const definitions = (id: string) => cssPropertiesFile.test(id) || htmlAttributesFile.test(id) || tagged.some((t) => t.file.test(id));
const keptFile = resolve(__dirname, '..', '.build/style-props.json');

type Node = { type: string; start: number; end: number; [k: string]: unknown };
type PropertyNode = Node & { key: Node & { name?: string; value?: unknown }; value: Node; computed: boolean };

const keyOf = (p: PropertyNode): string | null =>
  p.type !== 'Property' || p.computed ? null : p.key.type === 'Identifier' ? p.key.name! : p.key.type === 'Literal' ? String(p.key.value) : null;
const propertiesOf = (object: Node) => object.properties as PropertyNode[];

function* walk(node: unknown): Generator<Node> {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) yield* walk(n);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string') yield n;
  for (const [k, v] of Object.entries(n)) if (k !== 'type' && v !== null && typeof v === 'object') yield* walk(v);
}

/** A utility's shorthands, as its definition writes them (`shorthand: "bg"` or `["m", "margin"]`). */
function shorthandsOf(definition: Node): string[] {
  if (definition.type !== 'ObjectExpression') return [];
  const prop = propertiesOf(definition).find((p) => keyOf(p) === 'shorthand');
  if (!prop) return [];
  const values = prop.value.type === 'ArrayExpression' ? (prop.value.elements as Node[]) : [prop.value];
  return values.flatMap((v) => (v.type === 'Literal' && typeof v.value === 'string' ? [v.value] : []));
}

/** The words of the literals (`"fade-in, scale-in"`, `"spin 1s linear infinite"`). */
const wordsOf = (literals: Set<string>) => new Set([...literals].flatMap((l) => l.split(/[\s,()]+/)));

const isStyle = (p: PropertyNode) => p.value.type === 'ObjectExpression' && propertiesOf(p.value).some((q) => keyOf(q) === 'value');

/**
 * Cuts from a tagged object the entries its kind's rule does not keep, each with its comma, and
 * returns the kept ones by name (a text, layer or animation style by its path, `fill.subtle`: the
 * styles nest in groups down to the entries with a `value`).
 */
function trim(kind: Kind, object: Node, named: Set<string>, remove: (from: number, to: number) => void): Map<string, Node> {
  const kept = new Map<string, Node>();
  const words = kind === 'keyframes' ? wordsOf(named) : null;
  const keep = (p: PropertyNode, path: string): boolean => {
    switch (kind) {
      case 'utilities':
        return [path, ...shorthandsOf(p.value)].some((name) => named.has(name));
      case 'conditions':
        return named.has(`_${path}`);
      case 'keyframes':
        return words!.has(path);
      default:
        // A group (`fill`) stays while one of its styles does.
        return isStyle(p) || p.value.type !== 'ObjectExpression' ? named.has(path) : cut(p.value, `${path}.`) > 0;
    }
  };
  const cut = (o: Node, prefix: string): number => {
    const props = propertiesOf(o);
    let stay = 0;
    props.forEach((p, i) => {
      const key = keyOf(p);
      if (key === TAG || (key !== null && !keep(p, prefix + key))) {
        const next = props[i + 1];
        if (next) remove(p.start, next.start);
        else if (i > 0) remove(props[i - 1]!.end, p.end);
        else remove(p.start, p.end);
        return;
      }
      stay++;
      const grouped = kind === 'textStyles' || kind === 'layerStyles' || kind === 'animationStyles';
      if (key !== null && (!grouped || isStyle(p))) kept.set(prefix + key, p.value);
    });
    return stay;
  };
  cut(object, '');
  return kept;
}

/** The tagged objects of a rendered chunk, by kind. */
function taggedObjects(ast: unknown): Map<Kind, Node> {
  const found = new Map<Kind, Node>();
  for (const n of walk(ast)) {
    if (n.type !== 'ObjectExpression') continue;
    const tag = propertiesOf(n).find((p) => keyOf(p) === TAG);
    if (tag) found.set(String((tag.value as { value?: unknown }).value) as Kind, n);
  }
  return found;
}

/** Panda's list of CSS properties: one string literal, comma-separated. */
function cssPropertyList(ast: unknown, file: string): Node & { value: string } {
  const list = [...walk(ast)].filter((n) => n.type === 'Literal' && typeof n.value === 'string' && n.value.startsWith('WebkitAppearance,'));
  if (list.length !== 1) throw new Error(`${file}: Panda's list of CSS properties changed; review shop-chakra-style-props`);
  return list[0] as Node & { value: string };
}

/**
 * Emotion's list of the props a DOM element takes (`href`, `type`, …; `data-`, `aria-` and `on…`
 * by pattern), which decides what Chakra forwards to the element: one regular expression. The
 * props always forwarded whatever the code writes (React's own) stay.
 */
const ALWAYS_FORWARDED = ['children', 'dangerouslySetInnerHTML', 'key', 'ref'];
function htmlAttributeList(ast: unknown, file: string): { node: Node; names: string[]; rebuild: (kept: string[]) => string } {
  const head = '^((';
  const found = [...walk(ast)].filter((n) => n.type === 'Literal' && (n.regex as { pattern?: string } | undefined)?.pattern?.startsWith(`${head}children|`));
  const regex = found[0]?.regex as { pattern: string; flags: string } | undefined;
  const tail = regex?.pattern.indexOf(')|((') ?? -1;
  if (found.length !== 1 || !regex || tail < 0) throw new Error(`${file}: Emotion's list of DOM props changed; review shop-chakra-style-props`);
  return {
    node: found[0]!,
    names: regex.pattern.slice(head.length, tail).split('|'),
    rebuild: (kept) => `/${head}${kept.join('|')}${regex.pattern.slice(tail)}/${regex.flags}`,
  };
}

export function chakraStyleProps(): Plugin {
  let build: 'none' | 'browser' | 'server' = 'none';
  // What this build kept, by kind, written once the bundle is written (the chunks are rendered apart).
  let kept: Partial<Kept> = {};
  return {
    name: 'shop-chakra-style-props',
    configResolved(c) {
      build = c.command !== 'build' ? 'none' : c.build.ssr ? 'server' : 'browser';
    },
    buildStart() {
      kept = {};
    },
    transform(code, id) {
      if (build === 'none') return null;
      const tags = tagged.filter((t) => t.file.test(id));
      if (tags.length === 0) return null;
      let out = code;
      for (const { kind, opening } of tags) {
        if (out.split(opening).length !== 2) throw new Error(`${id}: Chakra's ${kind} changed; review shop-chakra-style-props`);
        out = out.replace(opening, `${opening} ${TAG}: ${JSON.stringify(kind)},`);
      }
      // Only the opening lines change, each keeping its line: the module's map stays right.
      return { code: out, map: null };
    },
    renderChunk: {
      order: 'pre',
      handler(code, chunk, _options, meta) {
        if (build === 'none') return null;
        const hasTagged = chunk.moduleIds.some((id) => tagged.some((t) => t.file.test(id)));
        const hasCssProperties = chunk.moduleIds.some((id) => cssPropertiesFile.test(id));
        const hasHtmlAttributes = chunk.moduleIds.some((id) => htmlAttributesFile.test(id));
        if (!hasTagged && !hasCssProperties && !hasHtmlAttributes) return null;
        const ast = this.parse(code);
        const objects = taggedObjects(ast);
        const out = new MagicString(code);
        const literals = bundleLiterals(this, meta.chunks, build, definitions);
        const remove = (from: number, to: number) => out.remove(from, to);
        if (build === 'server') {
          // The same system as the browser's: what it kept, and nothing the server's own code needs beyond it.
          const browser = keptByBrowser();
          const list = hasCssProperties ? cssPropertyList(ast, chunk.fileName) : null;
          const attributes = hasHtmlAttributes ? htmlAttributeList(ast, chunk.fileName) : null;
          checkServer(objects, list, attributes?.names ?? [], literals, browser);
          for (const [kind, object] of objects) {
            const names = kind === 'conditions' ? browser.conditions.map((c) => `_${c}`) : browser[kind];
            trim(kind, object, new Set(names), remove);
          }
          if (list) out.overwrite(list.start, list.end, JSON.stringify(browser.cssProperties.join(',')));
          if (attributes) out.overwrite(attributes.node.start, attributes.node.end, attributes.rebuild(browser.htmlAttributes));
          return { code: out.toString(), map: out.generateMap({ hires: true }) };
        }
        // First what the code names directly, then what the kept styles and keyframes name.
        const named = new Set(literals);
        for (const kind of ['keyframes', 'textStyles', 'layerStyles', 'animationStyles'] as const) {
          const object = objects.get(kind);
          if (!object) continue;
          const styles = trim(kind, object, literals, remove);
          kept[kind] = [...styles.keys()];
          for (const style of styles.values()) literalsOf(style, named);
        }
        for (const kind of ['utilities', 'conditions'] as const) {
          const object = objects.get(kind);
          if (object) kept[kind] = [...trim(kind, object, named, remove).keys()];
        }
        if (hasCssProperties) {
          const list = cssPropertyList(ast, chunk.fileName);
          kept.cssProperties = list.value.split(',').filter((name) => named.has(name));
          out.overwrite(list.start, list.end, JSON.stringify(kept.cssProperties.join(',')));
        }
        if (hasHtmlAttributes) {
          const attributes = htmlAttributeList(ast, chunk.fileName);
          kept.htmlAttributes = attributes.names.filter((name) => ALWAYS_FORWARDED.includes(name) || named.has(name));
          out.overwrite(attributes.node.start, attributes.node.end, attributes.rebuild(kept.htmlAttributes));
        }
        return { code: out.toString(), map: out.generateMap({ hires: true }) };
      },
    },
    writeBundle() {
      if (build !== 'browser') return;
      mkdirSync(dirname(keptFile), { recursive: true });
      writeFileSync(keptFile, JSON.stringify(kept));
    },
  };
}

function keptByBrowser(): Kept {
  if (!existsSync(keptFile)) throw new Error(`${keptFile} is missing: build the browser's bundle first (npm run build -w web)`);
  return JSON.parse(readFileSync(keptFile, 'utf8')) as Kept;
}

/** The server's bundle: the SPA's code must name nothing the browser's system dropped. */
function checkServer(
  objects: Map<Kind, Node>,
  cssProperties: (Node & { value: string }) | null,
  htmlAttributes: string[],
  literals: Set<string>,
  kept: Kept,
): void {
  const missing: string[] = [];
  for (const [kind, object] of objects) {
    const browser = new Set(kept[kind]);
    missing.push(...[...trim(kind, object, literals, () => {}).keys()].filter((name) => !browser.has(name)).map((name) => `${kind} ${name}`));
  }
  if (cssProperties) {
    const browser = new Set(kept.cssProperties);
    missing.push(
      ...cssProperties.value
        .split(',')
        .filter((name) => literals.has(name) && !browser.has(name))
        .map((name) => `CSS property ${name}`),
    );
  }
  const forwarded = new Set(kept.htmlAttributes);
  missing.push(...htmlAttributes.filter((name) => literals.has(name) && !forwarded.has(name)).map((name) => `DOM prop ${name}`));
  if (missing.length > 0) throw new Error(`the server renderer names style props the browser's bundle does not keep: ${missing.join(', ')}`);
}
