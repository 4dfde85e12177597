import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { shopTokens, tokensNamedIn } from '../../web/src/lib/theme-tokens.ts';

// The SPA's build keeps only the theme tokens its code names (web/vite.config.ts, shop-theme-tokens;
// the rule is tokensNamedIn). Chakra and its theme are the SPA's own copy (React 19 is web's).
const fromWeb = createRequire(path.resolve(import.meta.dirname, '../../web/package.json'));
const load = (id: string) => import(pathToFileURL(fromWeb.resolve(id)).href);
// Their types by path: the tests' own resolution does not reach web's node_modules.
const chakra = (await load('@chakra-ui/react')) as typeof import('../../web/node_modules/@chakra-ui/react/dist/types/index.d.ts');
const theme = (await load('@chakra-ui/react/theme')) as typeof import('../../web/node_modules/@chakra-ui/react/dist/types/theme/index.d.ts');
const full = shopTokens(theme);

type Tree = Record<string, unknown>;
const at = (tree: unknown, dotted: string) => dotted.split('.').reduce<unknown>((node, k) => (node as Tree | undefined)?.[k], tree);
const has = (kept: typeof full, group: 'tokens' | 'semanticTokens', dotted: string) => at(kept[group], dotted) !== undefined;

t.test('a token is kept when the code names it in any of the ways Chakra reads one', async (t) => {
  const kept = tokensNamedIn(full, ['4', 'gray.600', '{colors.border}', 'red.500/50', '-3', '1/2', 'var(--chakra-sizes-5xl)', 'blue', 'colorPalette.solid']);
  for (const dotted of ['spacing.4', 'sizes.4', 'colors.gray.600', 'colors.red.500', 'spacing.3', 'sizes.1/2', 'sizes.5xl'])
    t.ok(has(kept, 'tokens', dotted), `${dotted} is kept`);
  t.ok(has(kept, 'semanticTokens', 'colors.border.DEFAULT'), '{colors.border} keeps the border colour (its DEFAULT)');
  t.ok(has(kept, 'semanticTokens', 'colors.blue.solid'), 'colorPalette.solid keeps the solid of a palette named in the code');
  t.notOk(has(kept, 'semanticTokens', 'colors.green.solid'), 'but not of a palette never named');
  const solid = String((at(full.semanticTokens, 'colors.blue.solid') as { value: string }).value);
  const referred = /\{colors\.(blue\.\d+)\}/.exec(solid)?.[1];
  t.ok(referred && has(kept, 'tokens', `colors.${referred}`), `the core token a kept semantic token refers to (${referred}) is kept too`);
  for (const dotted of ['spacing.8', 'sizes.6xl', 'colors.green.500', 'fontSizes.9xl', 'zIndex.tooltip'])
    t.notOk(has(kept, 'tokens', dotted), `${dotted}, never named, is left out`);
});

t.test("Chakra's recipes give the same styles with the tokens their own literals name as with all of them", async (t) => {
  // The literals of a recipe as the bundle would hold them: every string, number and key.
  const literalsOf = (node: unknown, out: Set<string>): Set<string> => {
    if (typeof node === 'string' || typeof node === 'number') out.add(String(node));
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        out.add(k);
        literalsOf(v, out);
      }
    return out;
  };
  const base = new Set<string>();
  literalsOf([theme.globalCss, theme.textStyles, theme.layerStyles, theme.animationStyles], base);
  // defaultBaseConfig's utilities name some tokens inside their functions' code.
  const utilities = chakra.defaultBaseConfig.utilities ?? {};
  for (const u of Object.values(utilities))
    for (const v of Object.values(u as Tree)) if (typeof v === 'function') for (const [, s] of String(v).matchAll(/["'`]([^"'`\\]*)["'`]/g)) base.add(s!);
  literalsOf(utilities, base);

  const recipes = { button: theme.buttonRecipe, input: theme.inputRecipe, link: theme.linkRecipe, spinner: theme.spinnerRecipe, badge: theme.badgeRecipe };
  const systemWith = (tokens: typeof full) =>
    chakra.createSystem(
      chakra.defaultBaseConfig,
      chakra.defineConfig({ globalCss: theme.globalCss, theme: { ...tokens, textStyles: theme.textStyles, layerStyles: theme.layerStyles, recipes } }),
    );
  const kept = tokensNamedIn(full, literalsOf(recipes, new Set(base)));
  const [all, some] = [systemWith(full), systemWith(kept)];
  const count = (tree: unknown): number =>
    tree && typeof tree === 'object' ? ('value' in tree ? 1 : Object.values(tree).reduce((n: number, v) => n + count(v), 0)) : 0;
  t.ok(count(kept) < count(full) * 0.8, `fewer tokens: ${count(kept)} of ${count(full)}`);
  for (const [name, recipe] of Object.entries(recipes) as [string, Parameters<typeof all.cva>[0]][]) {
    const variants = Object.entries(recipe.variants ?? {}).flatMap(([variant, values]) => Object.keys(values as Tree).map((value) => ({ [variant]: value })));
    for (const props of [{}, ...variants]) {
      const styles = (system: typeof all) => JSON.stringify(system.css(system.cva(recipe)(props)));
      t.equal(styles(some), styles(all), `${name} ${JSON.stringify(props)}`);
    }
  }
});
