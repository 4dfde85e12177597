import type { semanticTokens as chakraSemanticTokens, tokens as chakraTokens } from '@chakra-ui/react/theme';

// The build evaluates this module (vite.config.ts, shop-theme-tokens) and hands lib/system.ts its
// result as data, so the first load carries only the tokens the shop defines, not Chakra's whole
// token set with code that filters it in the browser.

type Tokens = typeof chakraTokens;
type SemanticTokens = typeof chakraSemanticTokens;

// The colour palettes the storefront uses (colorPalette="…" and colour tokens such as red.600).
// Only these are defined: every palette costs the first load its tokens and about 20 CSS
// variables in each page's HTML. Add a palette here before using it.
const PALETTES = ['gray', 'blue', 'red', 'green', 'orange'] as const;
const ALL_PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];
const dropUnused = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([k]) => !ALL_PALETTES.includes(k) || (PALETTES as readonly string[]).includes(k))) as T;

// The shop has no dark mode (nothing sets Chakra's `.dark` class): a semantic token keeps only the
// value the light theme resolves to. Each `_dark` branch would cost a CSS variable in every page's
// HTML and work in createSystem, which runs before the first interaction on a phone.
type TokenTree = Record<string, unknown>;
function lightOnly<T>(tree: T): T {
  if (tree === null || typeof tree !== 'object') return tree;
  const node = tree as TokenTree;
  if ('value' in node) {
    const value = node.value;
    return (value !== null && typeof value === 'object' && '_light' in value ? { ...node, value: (value as TokenTree)._light } : node) as T;
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, lightOnly(v)])) as T;
}

/** The shop's tokens and semantic tokens, from Chakra's defaults. */
export function shopTokens(theme: { tokens: Tokens; semanticTokens: SemanticTokens }): { tokens: Tokens; semanticTokens: SemanticTokens } {
  const { tokens, semanticTokens } = theme;
  return {
    tokens: { ...tokens, colors: dropUnused(tokens.colors) },
    semanticTokens: lightOnly({
      ...semanticTokens,
      // colorPalette="brand": the operator's BRAND_COLOR, set as --shop-brand at start (lib/brand.ts).
      colors: {
        ...dropUnused(semanticTokens.colors),
        // red.500 on white reads at 3.8:1; field errors need 4.5:1 (WCAG AA, found by axe).
        fg: { ...semanticTokens.colors.fg, error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        brand: {
          solid: { value: 'var(--shop-brand, #1d4ed8)' },
          contrast: { value: '#ffffff' },
          fg: { value: 'color-mix(in srgb, var(--shop-brand, #1d4ed8) 85%, black)' },
          muted: { value: 'color-mix(in srgb, var(--shop-brand, #1d4ed8) 25%, white)' },
          subtle: { value: 'color-mix(in srgb, var(--shop-brand, #1d4ed8) 10%, white)' },
          emphasized: { value: 'color-mix(in srgb, var(--shop-brand, #1d4ed8) 80%, black)' },
          focusRing: { value: 'var(--shop-brand, #1d4ed8)' },
        },
      },
    }),
  };
}

// A token the code never names costs createSystem its processing and every page a CSS variable,
// like an unused palette. The build keeps only the tokens named somewhere in the bundled code
// (vite.config.ts reads every string and number of the rendered modules, the SPA's and Chakra's
// own). A name is taken wherever it could be read as a token: `p="4"` keeps spacing.4 and any
// other token called 4. Only a name put together at run time escapes this (`${palette}.600`);
// the browser suites' style check (test/helpers/css-audit.ts) finds the declaration it breaks.
const CSS_VAR_PREFIX = '--chakra-';
const reference = /\{([a-zA-Z]+\.[^{}\s]+?)(?:\/[\d.]+%?)?\}|token\(\s*([a-zA-Z]+\.[^,()\s]+)/g;

/** Every way a literal of the code can name a token: as written, negated, with an opacity, inside a reference. */
function namesIn(literals: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const literal of literals) {
    // red.500/50 is red.500 at half opacity; 1/2 is a size of its own.
    const bare = literal.replace(/\/[\d.]+%?$/, '');
    names.add(literal).add(bare);
    if (bare.startsWith('-')) names.add(bare.slice(1));
    for (const [, braced, called] of literal.matchAll(reference)) names.add((braced ?? called)!);
  }
  return names;
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The tokens and semantic tokens that the literals name, directly or through a kept semantic
 * token's reference ({colors.gray.600}); `colorPalette.solid` names the `solid` of every palette
 * whose name is written somewhere.
 */
export function tokensNamedIn<T extends { tokens: Tokens; semanticTokens: SemanticTokens }>(theme: T, literals: Iterable<string>): T {
  const all = [...literals];
  const names = namesIn(all);
  const text = all.filter((l) => l.includes(CSS_VAR_PREFIX)).join('\n');
  const named = (category: string, path: string): boolean => {
    const name = path.endsWith('.DEFAULT') ? path.slice(0, -'.DEFAULT'.length) : path;
    if (names.has(name) || names.has(`${category}.${name}`)) return true;
    const dot = name.indexOf('.');
    // colorPalette="red" (a palette is named by its own literal) with colorPalette.solid in a recipe.
    if (category === 'colors' && dot > 0 && names.has(name.slice(0, dot))) {
      const key = name.slice(dot + 1);
      if (names.has(`colorPalette.${key}`) || names.has(`colors.colorPalette.${key}`)) return true;
    }
    return text !== '' && text.includes(`${CSS_VAR_PREFIX}${kebab(category)}-${name.replaceAll('.', '-')}`);
  };
  const keep = (tree: TokenTree, category: string, prefix = ''): TokenTree => {
    const out: TokenTree = {};
    for (const [key, node] of Object.entries(tree)) {
      if (node === null || typeof node !== 'object') continue;
      const path = prefix ? `${prefix}.${key}` : key;
      if ('value' in node) {
        if (named(category, path)) out[key] = node;
      } else {
        const inner = keep(node as TokenTree, category, path);
        if (Object.keys(inner).length > 0) out[key] = inner;
      }
    }
    return out;
  };
  const pick = (group: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(group)
        .map(([category, tree]) => [category, keep(tree as TokenTree, category)])
        .filter(([, tree]) => Object.keys(tree as TokenTree).length > 0),
    );
  // A kept token's value may refer to others; those are named too, until nothing new is referred to.
  for (;;) {
    const kept = { tokens: pick(theme.tokens), semanticTokens: pick(theme.semanticTokens) };
    const before = names.size;
    for (const [, braced] of JSON.stringify(kept).matchAll(reference)) if (braced) names.add(braced);
    if (names.size === before) return { ...theme, ...kept } as T;
  }
}
