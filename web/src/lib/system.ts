import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  iconRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  radiomarkRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

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

// The one theme (the Chakra system; the recipes of lazily loaded screens are in theme.ts): the default tokens, but only the recipes the first screen needs, so the
// first load does not carry the styles of ~80 components it never renders.
const config = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
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
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      // Chakra's solid hover lightens the fill to 90 %, which drops white text under 4.5:1 (axe);
      // a darker fill on hover keeps it readable.
      button: {
        ...buttonRecipe,
        variants: {
          ...buttonRecipe.variants,
          variant: {
            ...buttonRecipe.variants?.variant,
            solid: { ...buttonRecipe.variants?.variant?.solid, _hover: { bg: 'colorPalette.fg' }, _expanded: { bg: 'colorPalette.fg' } },
          },
        },
      },
      heading: headingRecipe,
      icon: iconRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      // used inside Checkbox.Control and RadioGroup.ItemIndicator by key
      checkmark: checkmarkRecipe,
      radiomark: radiomarkRecipe,
    },
  },
});

type System = ReturnType<typeof createSystem>;
let system: System | null = null;
let systemForPrerendered: System | null = null;

/**
 * The Chakra system, built on first use: building it is the largest single piece of start-up work
 * (every token), so main.tsx runs it in a task of its own.
 */
export function shopSystem(): System {
  system ??= createSystem(defaultBaseConfig, config);
  return system;
}

/**
 * The system for a page whose HTML came prerendered: that HTML already holds the global CSS
 * (reset, global styles, token variables) as Emotion's global style tag, which stays in force, so
 * the provider gets none to compute, hash and match (vite.config.ts makes Chakra compute it only
 * when read). Everything else is the same system.
 */
export function shopSystemForPrerendered(): System {
  systemForPrerendered ??= Object.create(shopSystem(), { _global: { value: [] } }) as System;
  return systemForPrerendered;
}
