import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';

// The browser's build keeps only the style props, conditions, keyframes and text, layer and
// animation styles of Chakra's base preset that its code names, and only those CSS properties of
// Panda's list (web/vite-plugins/chakra-style-props.ts), and the server renderer the same. For
// everything kept, the system must style as one with Chakra's whole preset does, and the server's
// must be the browser's (the browser hydrates its markup). The two are taken from the builds
// themselves (web/dist, web/dist-ssr); the whole one is built here from the browser's config.
const web = path.resolve(import.meta.dirname, '../../web');
const fromWeb = createRequire(path.join(web, 'package.json'));
type Chakra = typeof import('../../web/node_modules/@chakra-ui/react/dist/types/index.d.ts');
type System = ReturnType<Chakra['createSystem']>;
type Style = Parameters<System['css']>[0];
const chakra = (await import(pathToFileURL(fromWeb.resolve('@chakra-ui/react')).href)) as Chakra;
const theme = (await import(pathToFileURL(fromWeb.resolve('@chakra-ui/react/theme')).href)) as Record<string, unknown>;
const fromChakra = createRequire(fromWeb.resolve('@chakra-ui/react'));
const { allCssProperties } = (await import(pathToFileURL(fromChakra.resolve('@pandacss/is-valid-prop')).href)) as { allCssProperties: string[] };

const assets = path.join(web, 'dist/assets');
// The start-up step that builds the system is web/src/lib/system.ts, its own file.
const systemFile = readdirSync(assets).find((f) => /^system-[\w-]+\.js$/.test(f));
if (!systemFile) throw new Error('no system-*.js start-up file: build the SPA first (npm run build -w web)');
const systemModule = Object.values(await import(pathToFileURL(path.join(assets, systemFile)).href)).find(
  (v): v is { shopSystem: () => System } => typeof (v as { shopSystem?: unknown } | null)?.shopSystem === 'function',
);
const browser = systemModule!.shopSystem();
const server = ((await import(pathToFileURL(path.join(web, 'dist-ssr/ssr.js')).href)) as { shopSystem: () => System }).shopSystem();
type Config = Parameters<Chakra['createSystem']>[0];
const browserConfig = (browser as unknown as { _config: Config })._config;
// Chakra's whole preset and theme styles under the browser's config (its tokens, recipes and settings).
const whole = chakra.createSystem(
  chakra.defaultBaseConfig,
  chakra.defineConfig({
    theme: { keyframes: theme.keyframes, textStyles: theme.textStyles, layerStyles: theme.layerStyles, animationStyles: theme.animationStyles } as never,
  }),
  browserConfig,
);
const kept = JSON.parse(readFileSync(path.join(web, '.build/style-props.json'), 'utf8')) as Record<
  'utilities' | 'conditions' | 'keyframes' | 'textStyles' | 'layerStyles' | 'animationStyles' | 'cssProperties' | 'htmlAttributes',
  string[]
>;

const utilities = (chakra.defaultBaseConfig.utilities ?? {}) as Record<string, { shorthand?: string | string[] }>;
const shorthands = (name: string) => [utilities[name]?.shorthand ?? []].flat();
/** What a system makes of a style: its CSS object, or the error it throws. */
const styled = (system: System, style: Record<string, unknown>) => {
  try {
    return JSON.stringify(system.css(style as Style));
  } catch (e) {
    return `throws ${(e as Error).message}`;
  }
};

t.test("the browser's system keeps a part of Chakra's base preset, and drops what the shop never writes", async (t) => {
  const all = {
    utilities: Object.keys(utilities).length,
    conditions: Object.keys(chakra.defaultBaseConfig.conditions ?? {}).length,
    cssProperties: allCssProperties.length,
  };
  for (const kind of ['utilities', 'conditions', 'cssProperties'] as const)
    t.ok(kept[kind].length > 0 && kept[kind].length < all[kind] / 2, `${kind}: ${kept[kind].length} of ${all[kind]} kept`);
  const dropped = Object.keys(utilities).find((name) => !kept.utilities.includes(name) && !allCssProperties.includes(name))!;
  t.ok(dropped, `a style prop of the preset the shop never writes: ${dropped}`);
  t.equal(browser.isValidProperty(dropped), false, `the browser does not take ${dropped} for a style`);
  t.equal(server.isValidProperty(dropped), false, 'nor does the server');
  t.equal(whole.isValidProperty(dropped), true, 'the whole preset does');
  t.not(styled(browser, { [dropped]: '4' }), styled(whole, { [dropped]: '4' }), 'so the comparisons below can tell the two apart');
});

t.test(
  "the global CSS (reset, global styles, keyframes, token variables) is the server's, and the whole preset's but for keyframes no one names",
  async (t) => {
    const global = (system: System) => (system as unknown as { _global: unknown[] })._global;
    t.equal(JSON.stringify(global(browser)), JSON.stringify(global(server)), "the server's pages carry the browser's global CSS");
    const keptKeyframes = new Set(kept.keyframes.map((name) => `@keyframes ${name}`));
    const withoutUnnamedKeyframes = (styles: unknown): unknown =>
      styles && typeof styles === 'object' && !Array.isArray(styles)
        ? Object.fromEntries(
            Object.entries(styles)
              .filter(([key]) => !key.startsWith('@keyframes ') || keptKeyframes.has(key))
              .map(([key, value]) => [key, withoutUnnamedKeyframes(value)]),
          )
        : Array.isArray(styles)
          ? styles.map(withoutUnnamedKeyframes)
          : styles;
    t.equal(JSON.stringify(global(browser)), JSON.stringify(withoutUnnamedKeyframes(global(whole))));
    t.ok(JSON.stringify(global(browser)).length > 10_000, 'and it is the whole of it');
    t.ok(JSON.stringify(global(whole)).length > JSON.stringify(global(browser)).length, 'the whole preset has keyframes the shop does without');
    // A keyframe is kept when a literal names it; an animation token named otherwise than its keyframe would lose it.
    type Tokens = { theme: { tokens?: { animations?: Record<string, { value: string }> } } };
    const animations = Object.values((browserConfig as Tokens).theme.tokens?.animations ?? {});
    const allKeyframes = Object.keys(theme.keyframes as object);
    for (const { value } of animations)
      for (const word of value.split(/[\s,()]+/))
        if (allKeyframes.includes(word)) t.ok(kept.keyframes.includes(word), `the keyframe of the animation "${value}" is kept`);
  },
);

t.test('every kept style prop, condition and composition gives the same styles', async (t) => {
  let compared = 0;
  const same = (style: Record<string, unknown>) => {
    compared++;
    const [b, s] = [styled(browser, style), styled(whole, style)];
    if (b !== s) t.equal(b, s, JSON.stringify(style));
  };
  for (const name of kept.utilities)
    for (const prop of [name, ...shorthands(name)]) {
      t.ok(browser.isValidProperty(prop), `${prop} is a style prop`);
      for (const value of ['4', 'sm', 'red.600', 'colorPalette.solid', 'border', 'auto', 'full', '1px', 'inherit', true]) same({ [prop]: value });
    }
  for (const name of kept.conditions) same({ [`_${name}`]: { color: 'fg.error', bg: 'gray.100' } });
  for (const name of kept.cssProperties) {
    if (!browser.isValidProperty(name)) t.fail(`${name} is a style prop`);
    same({ [name]: 'inherit' });
  }
  for (const [prop, names] of [
    ['textStyle', kept.textStyles],
    ['layerStyle', kept.layerStyles],
    ['animationStyle', kept.animationStyles],
  ] as const)
    for (const name of names) same({ [prop]: name });
  for (const name of kept.keyframes) same({ animationName: name, animation: `${name} 1s` });
  t.ok(compared > 1000, `${compared} styles compared`);
});

t.test('every recipe the shop renders gives the same styles, variant by variant', async (t) => {
  type Recipe = { slots?: string[]; variants?: Record<string, Record<string, unknown>> };
  // The system's own recipes, and those lazily loaded screens hand their components (web/src/lib/theme.ts).
  const lazy = [...readFileSync(path.join(web, 'src/lib/theme.ts'), 'utf8').matchAll(/^\s+(\w+Recipe)(?: as \w+)?,$/gm)].map((m) => m[1]!);
  t.ok(lazy.length >= 10, `${lazy.length} recipes of lazily loaded screens`);
  const recipes: [string, Recipe][] = [
    ...Object.entries((browserConfig as { theme: { recipes: Record<string, Recipe> } }).theme.recipes),
    ...lazy.map((name) => [name, theme[name] as Recipe] as [string, Recipe]),
  ];
  for (const [name, recipe] of recipes) {
    const variants = Object.entries(recipe.variants ?? {}).flatMap(([variant, values]) => Object.keys(values).map((value) => ({ [variant]: value })));
    for (const props of [{}, ...variants]) {
      const styles = (system: System) =>
        JSON.stringify(
          recipe.slots
            ? Object.entries(system.sva(recipe as Parameters<System['sva']>[0])(props)).map(([slot, style]) => [slot, system.css(style as Style)])
            : system.css(system.cva(recipe as Parameters<System['cva']>[0])(props)),
        );
      t.equal(styles(browser), styles(whole), `${name} ${JSON.stringify(props)}`);
    }
  }
});

t.test("the props Chakra forwards to DOM elements: those the code writes, the same in the browser's and the server's bundle", async (t) => {
  // Emotion's list is one regular expression (@emotion/is-prop-valid); each bundle holds its own.
  const listIn = (code: string) => /\/\^\(\((children\|[^)]*)\)\|\(\(/.exec(code)?.[1]?.split('|');
  const fromEmotion = createRequire(fromWeb.resolve('@chakra-ui/react'));
  const emotionFile = path.join(path.dirname(fromEmotion.resolve('@emotion/is-prop-valid')), 'emotion-is-prop-valid.esm.js');
  const whole = listIn(readFileSync(emotionFile, 'utf8'))!;
  const browserList = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => listIn(readFileSync(path.join(assets, f), 'utf8')))
    .filter((list) => list !== undefined);
  const serverList = listIn(readFileSync(path.join(web, 'dist-ssr/ssr.js'), 'utf8'));
  t.equal(browserList.length, 1, "one copy of the list in the browser's files");
  t.same(browserList[0], kept.htmlAttributes, 'the browser forwards what its build kept');
  t.same(serverList, kept.htmlAttributes, 'the server forwards the same');
  t.ok(kept.htmlAttributes.length < whole.length / 2, `${kept.htmlAttributes.length} of ${whole.length} kept`);
  // What the shop's elements need: links, images, form fields and their labels, dialogs' roles.
  for (const name of [
    'children',
    'ref',
    'href',
    'target',
    'rel',
    'src',
    'alt',
    'type',
    'name',
    'value',
    'placeholder',
    'htmlFor',
    'id',
    'role',
    'tabIndex',
    'disabled',
    'autoComplete',
  ])
    t.ok(kept.htmlAttributes.includes(name), `${name} is forwarded`);
});
