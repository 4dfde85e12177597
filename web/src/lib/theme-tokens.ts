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
