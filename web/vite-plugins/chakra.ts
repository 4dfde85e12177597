import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { shopTokens, tokensNamedIn } from '../src/lib/theme-tokens';
import { bundleLiterals } from './bundle-literals';

// The build's work on Chakra UI (pinned in web/package.json): its theme tokens cut to those the
// code names, and two patches of createSystem that take work off a phone's start-up. Each patch
// fails the build when Chakra's code no longer reads as it expects.

const webDir = resolve(__dirname, '..');

// Chakra's createSystem builds the global CSS (reset, global styles and one CSS variable per token)
// at once, about half of its time, which on a phone is a long task before hydration. That CSS only
// goes to <ChakraProvider>'s <Global>; a page the gateway prerendered carries it already, and the
// SPA then hands the provider a system without it (app/providers.tsx). This turns the eager
// `_global` into a getter computed on first read, so whoever does not read it does not pay for it.
// Chakra is pinned (web/package.json); a build against a version without this statement fails here.
export function lazyChakraGlobalCss(): Plugin {
  const eager = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  return {
    name: 'shop-lazy-chakra-global-css',
    transform(code, id) {
      if (!id.endsWith('/@chakra-ui/react/dist/esm/styled-system/system.js')) return null;
      if (!code.includes(eager) || !/\n {4}_global,\n/.test(code)) throw new Error(`${id}: Chakra's createSystem changed; review shop-lazy-chakra-global-css`);
      const out = code
        .replace(eager, 'let _global;')
        .replace(/\n {4}_global,\n/, '\n    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n');
      return { code: out, map: null };
    },
  };
}

// createSystem's largest part is the token dictionary (every token parsed, resolved and given its
// variable), and the rest (conditions, utilities, recipes) is nearly as long: on a phone, together
// one task of 130-170 ms before hydration. This splits it where the two meet: prepareSystem merges
// the configs and builds the dictionary, createSystemFrom builds the rest from what it returned,
// so main.tsx runs them in two tasks (lib/system.ts). createSystem itself is the two in one, as
// before. virtual:chakra-system-steps exports both (the package's exports do not reach the file).
const chakraSystemStepsId = 'virtual:chakra-system-steps';
export function chakraSystemInSteps(): Plugin {
  const head = 'function createSystem(...configs) {\n  const config = mergeConfigs(...configs);\n';
  const dictionary = '\n  const tokens = createTokenDictionary({\n';
  const exported = 'export { createSystem, isValidSystem };';
  const systemFile = /\/@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
  let systemPath = '';
  return {
    name: 'shop-chakra-system-in-steps',
    async resolveId(id, importer) {
      if (id !== chakraSystemStepsId) return null;
      const chakra = await this.resolve('@chakra-ui/react', importer);
      if (!chakra) throw new Error(`${chakraSystemStepsId}: cannot resolve @chakra-ui/react`);
      systemPath = resolve(dirname(chakra.id), 'styled-system/system.js');
      return `\0${chakraSystemStepsId}`;
    },
    load(id) {
      return id === `\0${chakraSystemStepsId}` ? `export { prepareSystem, createSystemFrom } from ${JSON.stringify(systemPath)};\n` : null;
    },
    transform(code, id) {
      if (!systemFile.test(id)) return null;
      if (!code.includes(head) || code.split(dictionary).length !== 2 || !code.includes(exported))
        throw new Error(`${id}: Chakra's createSystem changed; review shop-chakra-system-in-steps`);
      const out = code
        .replace(dictionary, '\n  const tokens = prepared ? prepared.tokens : createTokenDictionary({\n')
        .replace(
          head,
          [
            'function createSystem(...configs) {',
            '  return createSystemFrom(mergeConfigs(...configs));',
            '}',
            'function prepareSystem(...configs) {',
            '  const config = mergeConfigs(...configs);',
            '  const { theme = {}, cssVarsPrefix = "chakra" } = config;',
            '  const tokens = createTokenDictionary({ breakpoints: theme.breakpoints, tokens: theme.tokens, semanticTokens: theme.semanticTokens, prefix: cssVarsPrefix });',
            '  return { config, tokens };',
            '}',
            'function createSystemFrom(config, prepared) {',
            '',
          ].join('\n'),
        )
        .replace(exported, 'export { createSystem, isValidSystem, prepareSystem, createSystemFrom };');
      return { code: out, map: null };
    },
  };
}

// lib/system.ts imports the shop's tokens as data computed here from Chakra's (lib/theme-tokens.ts:
// its palettes, light values only), so the browser neither downloads the unused ones nor filters them.
// The browser's build keeps only the tokens its bundled code names (lib/theme-tokens.ts,
// tokensNamedIn): the whole bundle is known only once it is rendered, so the module holds a
// placeholder until then, and its chunk's hash covers the tokens put in its place. The server
// renderer is built after it with the same tokens (the same system gives the same CSS and class
// names), and its build fails if its own code names one the browser's lacks.
const themeTokensId = 'virtual:shop-theme-tokens';
const tokensPlaceholder = '"__SHOP_THEME_TOKENS__"';
const keptTokensFile = resolve(webDir, '.build/theme-tokens.json');
// The tokens' own definitions name every token; what counts is the code that uses them.
const tokenDefinitions = /^\0virtual:shop-theme-tokens$|\/@chakra-ui\/react\/dist\/esm\/theme\/(tokens|semantic-tokens)\//;
type ShopTheme = ReturnType<typeof shopTokens>;
const tokensModule = (theme: ShopTheme | string) =>
  typeof theme === 'string'
    ? `const kept = ${theme};\nexport const tokens = kept.tokens;\nexport const semanticTokens = kept.semanticTokens;\n`
    : `export const tokens = ${JSON.stringify(theme.tokens)};\nexport const semanticTokens = ${JSON.stringify(theme.semanticTokens)};\n`;

export function themeTokens(): Plugin {
  let build: 'none' | 'browser' | 'server' = 'none';
  const virtualId = `\0${themeTokensId}`;
  const chakraTheme = async () => shopTokens(await import('@chakra-ui/react/theme'));
  return {
    name: 'shop-theme-tokens',
    configResolved(c) {
      build = c.command !== 'build' ? 'none' : c.build.ssr ? 'server' : 'browser';
    },
    resolveId: (id) => (id === themeTokensId ? virtualId : null),
    async load(id) {
      if (id !== virtualId) return null;
      if (build === 'browser') return tokensModule(tokensPlaceholder);
      if (build === 'server') {
        if (!existsSync(keptTokensFile)) throw new Error(`${keptTokensFile} is missing: build the browser's bundle first (npm run build -w web)`);
        return tokensModule(JSON.parse(readFileSync(keptTokensFile, 'utf8')) as ShopTheme);
      }
      return tokensModule(await chakraTheme());
    },
    renderChunk: {
      order: 'pre',
      async handler(code, chunk, _options, meta) {
        if (build === 'none' || !chunk.moduleIds.includes(virtualId)) return null;
        // Only the SPA and the libraries that write styles can name a token (React DOM's numbers cannot).
        const literals = bundleLiterals(this, meta.chunks, build, (id) => tokenDefinitions.test(id));
        const named = tokensNamedIn(await chakraTheme(), literals);
        if (build === 'server') {
          const kept = new Set(tokenPaths(JSON.parse(readFileSync(keptTokensFile, 'utf8')) as ShopTheme));
          const missing = tokenPaths(named).filter((p) => !kept.has(p));
          if (missing.length > 0) throw new Error(`the server renderer names tokens the browser's bundle does not: ${missing.join(', ')}`);
          return null;
        }
        if (!code.includes(tokensPlaceholder)) throw new Error(`${chunk.fileName}: the theme tokens' placeholder is gone`);
        mkdirSync(dirname(keptTokensFile), { recursive: true });
        writeFileSync(keptTokensFile, JSON.stringify(named));
        // Only this line changes, and nothing follows it on the line: the chunk's map stays right.
        return { code: code.replace(tokensPlaceholder, JSON.stringify(named)), map: null };
      },
    },
  };
}

/** Each token's path (`colors.gray.600`, `semantic:colors.fg.muted`), to compare two sets. */
function tokenPaths(theme: ShopTheme): string[] {
  const paths: string[] = [];
  const walk = (tree: unknown, path: string) => {
    if (tree === null || typeof tree !== 'object') return;
    if ('value' in tree) paths.push(path);
    else for (const [k, v] of Object.entries(tree)) walk(v, `${path}.${k}`);
  };
  for (const [group, tokens] of [
    ['', theme.tokens],
    ['semantic:', theme.semanticTokens],
  ] as const)
    for (const [category, tree] of Object.entries(tokens)) walk(tree, `${group}${category}`);
  return paths;
}

// Chakra's anatomies (the part names of each component) are built at the top of one module, most
// by extending Ark's: `const dialogAnatomy = dialogAnatomy$1.extendWith(…)`. Rollup cannot tell
// that a method of an imported object is free of side effects, so every one of them stayed, with
// Ark's and Zag's anatomies behind them (color picker, date picker, …: about 0.7 KiB of a guest's
// first load). extendWith only returns a new anatomy; marked pure, only the anatomies in use stay
// (createAnatomy itself is pure to Rollup, vite.config.ts).
export function pureChakraAnatomies(): Plugin {
  const extension = /^const (\w+) = (\w+(?:\$1)?)\.extendWith\(/gm;
  return {
    name: 'shop-pure-chakra-anatomies',
    transform(code, id) {
      if (!id.endsWith('/@chakra-ui/react/dist/esm/anatomy.js')) return null;
      const count = code.match(extension)?.length ?? 0;
      if (count < 10) throw new Error(`${id}: Chakra's anatomies changed; review shop-pure-chakra-anatomies`);
      // Each line stays where it was (a mark is inserted in it): the module's map stays close enough.
      return { code: code.replace(extension, 'const $1 = /* @__PURE__ */ $2.extendWith('), map: null };
    },
  };
}
