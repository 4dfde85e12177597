import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  iconRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  spinnerRecipe,
  textStyles,
} from '@chakra-ui/react/theme';
import { createSystemFrom, prepareSystem, type PreparedSystem } from 'virtual:chakra-system-steps';
// The shop's tokens, computed by the build (lib/theme-tokens.ts).
import { semanticTokens, tokens } from 'virtual:shop-theme-tokens';

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
    tokens,
    semanticTokens,
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
      // No checkmark or radiomark: Checkbox.Control and RadioGroup.ItemIndicator draw theirs
      // unstyled (their slot recipes, lib/theme.ts, style them), so those recipes are never applied.
    },
  },
});

type System = ReturnType<typeof createSystem>;
let system: System | null = null;
let systemForPrerendered: System | null = null;
let prepared: PreparedSystem | null = null;

/**
 * The first half of building the system (the token dictionary), for main.tsx to run in a task of
 * its own before shopSystem: together they are the largest single piece of start-up work.
 */
export function prepareShopSystem(): void {
  if (!system) prepared ??= prepareSystem(defaultBaseConfig, config);
}

/** The Chakra system, built on first use (from what prepareShopSystem did, if it ran). */
export function shopSystem(): System {
  system ??= prepared ? createSystemFrom(prepared.config, prepared) : createSystem(defaultBaseConfig, config);
  prepared = null;
  return system;
}

/**
 * The system for a page whose HTML came prerendered: that HTML already holds the global CSS
 * (reset, global styles, token variables) and the order of Chakra's cascade layers as style
 * sheets in its <head> (ssr-styles.ts), which stay in force. So the provider renders neither
 * again: it gets no global CSS to compute, hash and match (vite.config.ts makes Chakra compute it
 * only when read), and no layer order (a sheet added to the page would restyle all of it).
 * `disableLayers` is read there alone; the styles are still put in their layers, by the system
 * built with them. Everything else is the same system.
 */
export function shopSystemForPrerendered(): System {
  const base = shopSystem();
  systemForPrerendered ??= Object.create(base, { _global: { value: [] }, _config: { value: { ...base._config, disableLayers: true } } }) as System;
  return systemForPrerendered;
}
