import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { parse } from 'graphql';
import type { OutputAsset, OutputChunk } from 'rollup';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { chakraSystemInSteps, lazyChakraGlobalCss, pureChakraAnatomies, themeTokens } from './vite-plugins/chakra';
import { chakraStyleProps } from './vite-plugins/chakra-style-props';
import { precompress } from './vite-plugins/precompress';

const buildVersion = `${process.env.npm_package_version ?? '0.0.0'}+${Date.now().toString(36)}`;

// Where this build writes (`vite build --outDir` moves it, e.g. a test's build with other settings).
let outDir = resolve(__dirname, 'dist');
function outDirOf(): Plugin {
  return {
    name: 'shop-out-dir',
    configResolved(c) {
      outDir = resolve(c.root, c.build.outDir);
    },
  };
}

// The gateway serves this file's value at <base>version; the SPA compares it with its own.
function versionFile(): Plugin {
  return {
    name: 'shop-version-file',
    apply: (_c, env) => env.command === 'build' && !env.isSsrBuild,
    closeBundle() {
      const out = outDir;
      mkdirSync(out, { recursive: true });
      writeFileSync(resolve(out, 'version.json'), JSON.stringify({ version: buildVersion }));
    },
  };
}

// react-router's package exports only its development build, whose one difference from the
// production build beside it is `ENABLE_DEV_WARNINGS = true`: this sets it false as that build
// does, which drops the warnings for developers from the bundle. It also ships its components as
// `var Form = React.forwardRef(...)` followed by `Form.displayName = "Form"`: to Rollup both are
// side effects, so every component and context of the package stays in the bundle whether used or
// not (Form, useSubmit, the data router's memo wrappers: about 1.5 KB gzipped of a guest's first
// load). This marks those wrappers pure and drops the top-level displayName statements (names for
// React DevTools only), so unused ones are shaken out. A react-router build without these
// statements fails here.
function productionReactRouter(): Plugin {
  const devWarnings = 'var ENABLE_DEV_WARNINGS = true;';
  const wrapper = /^var (\w+) = (React\d*)\.(forwardRef|memo|createContext)\(/gm;
  const displayName = /^\w+\.displayName = "[^"]*";\n/gm;
  return {
    name: 'shop-production-react-router',
    transform(code, id) {
      if (!/\/node_modules\/react-router\/dist\/\w+\/chunk-\w+\.mjs$/.test(id) || !code.includes('function BrowserRouter(')) return null;
      if (!code.includes(devWarnings) || !code.match(wrapper) || !code.match(displayName))
        throw new Error(`${id}: react-router's build changed; review shop-production-react-router`);
      const out = code.replace(devWarnings, 'var ENABLE_DEV_WARNINGS = false;').replace(wrapper, 'var $1 = /* @__PURE__ */ $2.$3(').replace(displayName, '');
      return { code: out, map: null };
    },
  };
}

// A chunk's file and the files of the chunks it imports, the entry's left out (it is running).
function filesOf(chunk: OutputChunk | undefined, chunks: OutputChunk[], files = new Set<string>()): Set<string> {
  if (!chunk || chunk.isEntry || files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  for (const f of chunk.imports)
    filesOf(
      chunks.find((c) => c.fileName === f),
      chunks,
      files,
    );
  return files;
}

function addJsonToHead(html: OutputAsset | undefined, id: string, value: unknown): void {
  if (!html) throw new Error(`${id}: no index.html in the bundle`);
  html.source = String(html.source).replace('</head>', `  <script type="application/json" id="${id}">${JSON.stringify(value)}</script>\n  </head>`);
}

// main.tsx starts the SPA in steps, each a dynamic import evaluated in a task of its own. Their files
// are fetched together as soon as the entry runs, not one after another as each step asks:
// index.html lists every chunk main.tsx imports dynamically, and the chunks those import, as JSON
// (#shop-start-files), and main.tsx adds a modulepreload link for each. A list rather than the
// links themselves, so a browser with JavaScript off fetches no script at all.
// A page rendered in the browser (My Orders, the payment pages) would otherwise ask for its chunk
// only once the start-up has run and the router rendered it: index.html also lists the files of
// each page of app/page-modules.ts by route path, and the texts those pages load per language
// (#shop-page-files), and main.tsx preloads those of the page it starts on with the start-up files.
// Apollo is no start-up step: a guest's prerendered page does without it. Anyone else loads it at
// once (main.tsx, startClient): its files, with the provider of the screens using its hooks
// (lib/lazy.ts), are listed too (#shop-data-files) and preloaded then.
const mainModule = resolve(__dirname, 'src/main.tsx');
const pageModulesModule = resolve(__dirname, 'src/app/page-modules.ts');
const dataModules = ['src/lib/apollo.ts', 'src/lib/data/with-client.tsx'].map((m) => resolve(__dirname, m));
const screenTextModules = { en: resolve(__dirname, 'src/locales/en/screens.ts'), zh: resolve(__dirname, 'src/locales/zh/screens.ts') };
const shellTextModules = { en: resolve(__dirname, 'src/locales/en/shell.ts'), zh: resolve(__dirname, 'src/locales/zh/shell.ts') };
const pageModuleLine = /^\s*'?([\w/]+)'?: \(\) => import\('(\.\/routes\/\w+)'\),$/gm;
function listStartFiles(): Plugin {
  let base = '/';
  const pageIds = new Map<string, string>();
  const firstScreen = new Set<string>();
  return {
    name: 'shop-list-start-files',
    apply: (_c, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(c) {
      base = c.base;
    },
    // The source as written (the transform hooks see it after esbuild's rewriting).
    async buildStart() {
      const code = readFileSync(pageModulesModule, 'utf8');
      const lines = [...code.matchAll(pageModuleLine)];
      const imports = code.split('\n').filter((l) => /\bimport\(/.test(l) && !/^\s*(\*|\/\/)/.test(l));
      if (lines.length === 0 || lines.length !== imports.length)
        throw new Error(`${pageModulesModule}: one line per page, 'path': () => import('./routes/Page'),`);
      // The first table's pages are the first screen's: they need no texts beyond the entry's.
      const laterPages = code.indexOf('export const pageModules = {');
      if (laterPages < 0) throw new Error(`${pageModulesModule}: no pageModules table`);
      for (const line of lines) {
        const [, path, spec] = line;
        const resolved = await this.resolve(spec!, pageModulesModule);
        if (!resolved) throw new Error(`${pageModulesModule}: cannot resolve ${spec}`);
        pageIds.set(path!, resolved.id);
        if (line.index! < laterPages) firstScreen.add(path!.toLowerCase());
      }
    },
    generateBundle(_o, bundle) {
      const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk');
      const chunkOf = (id: string) => chunks.find((c) => c.moduleIds.includes(id));
      const urls = (files: Set<string>, without = new Set<string>()) => [...files].filter((f) => !without.has(f)).map((f) => `${base}${f}`);
      const steps = this.getModuleInfo(mainModule)?.dynamicallyImportedIds ?? [];
      const startFiles = new Set<string>();
      for (const id of steps) filesOf(chunkOf(id), chunks, startFiles);
      if (startFiles.size === 0) throw new Error('shop-list-start-files: main.tsx has no start-up steps');
      if (pageIds.size === 0) throw new Error('shop-list-start-files: app/page-modules.ts was not read');
      const pages = Object.fromEntries([...pageIds].map(([path, id]) => [path.toLowerCase(), urls(filesOf(chunkOf(id), chunks), startFiles)]));
      const texts = Object.fromEntries(Object.entries(screenTextModules).map(([lang, id]) => [lang, urls(filesOf(chunkOf(id), chunks), startFiles)]));
      const shells = Object.fromEntries(Object.entries(shellTextModules).map(([lang, id]) => [lang, urls(filesOf(chunkOf(id), chunks), startFiles)]));
      const dataFiles = new Set<string>();
      for (const id of dataModules) {
        const chunk = chunkOf(id);
        if (!chunk || chunk.isEntry) throw new Error(`shop-list-start-files: ${id} is not in a chunk loaded on demand`);
        filesOf(chunk, chunks, dataFiles);
      }
      const html = bundle['index.html'] as OutputAsset | undefined;
      addJsonToHead(html, 'shop-start-files', urls(startFiles));
      addJsonToHead(html, 'shop-page-files', { pages, texts, shells, firstScreen: [...firstScreen] });
      addJsonToHead(html, 'shop-data-files', urls(dataFiles, startFiles));
    },
  };
}

// Apollo (with graphql, rxjs, optimism) in one chunk: left to itself Rollup cuts their shared
// modules into a handful of small files, each compressed on its own (a few KB more to download on
// a phone than the same code in one file). Its React hooks stay with the app, so the chunk does not
// take React in (the entry needs React first, and a manual chunk takes its modules' dependencies).
// The chunk, HTTP transport included, is loaded when something first needs the client
// (lib/data/client.ts), never on a guest's first screen. Nor is it loaded by the class of Apollo's
// errors (lib/errors.ts reads them on pages that may not need Apollo yet, My Orders): the class
// and its brand are a small chunk of their own (a manual chunk takes in its modules' dependencies
// that no other manual chunk claims).
const apolloModules = /\/node_modules\/(@apollo\/client(?!\/react\/)|graphql|rxjs|optimism|@wry\/[^/]+|tslib)\//;
const apolloErrorClass = /\/node_modules\/@apollo\/client\/errors\/(CombinedGraphQLErrors|utils)\.js$/;
const apolloChunk = (id: string): string | undefined => (apolloErrorClass.test(id) ? 'apollo-errors' : apolloModules.test(id) ? 'apollo' : undefined);

// Parses the SPA's `graphql(\`...\`, [FRAGMENTS])` documents (gql.tada, see src/lib/graphql.ts) at
// build time, so the browser downloads no GraphQL parser: each call becomes its parsed definitions
// handed to `composeDocument`, which appends the named fragments' definitions as gql.tada would.
// A document is one template literal without interpolation; anything else fails the build.
const composeModule = resolve(__dirname, 'src/lib/graphql-document.ts');
const graphqlCall = /\bgraphql\(\s*`([^`]*)`\s*(?:,\s*\[([\w\s,]*)\]\s*)?,?\s*\)/g;
// Every field, operation and fragment of a parsed document carries its arguments, directives and
// variables, mostly as empty lists (a third of a document's size): graphql's AST types make them
// optional, so its printer, visitor and Apollo read a missing list as an empty one.
const optionalLists = new Set(['arguments', 'directives', 'variableDefinitions']);
const withoutEmptyLists = (key: string, value: unknown) => (optionalLists.has(key) && Array.isArray(value) && value.length === 0 ? undefined : value);
function precompileGraphql(): Plugin {
  return {
    name: 'shop-precompile-graphql',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('/src/') || !/\.tsx?$/.test(id) || !/\bgraphql\(/.test(code) || id.endsWith('/src/lib/graphql.ts') || id === composeModule) return null;
      let compiled = 0;
      const out = code.replace(graphqlCall, (_m, text: string, fragments: string | undefined) => {
        if (text.includes('${')) throw new Error(`${id}: a graphql() document is one literal; name fragments in its second argument`);
        compiled += 1;
        const names = (fragments ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
        return `__composeDocument(${JSON.stringify(parse(text, { noLocation: true }), withoutEmptyLists)}, [${names.join(', ')}])`;
      });
      const left = out.match(/\bgraphql\(/g)?.length ?? 0;
      if (left) throw new Error(`${id}: ${left} graphql() call(s) the build cannot precompile (one template literal, then an optional [FRAGMENT, ...] list)`);
      if (!compiled) return null;
      return { code: `import { composeDocument as __composeDocument } from ${JSON.stringify(composeModule)};\n${out}`, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  base: process.env.SHOP_BASE_PATH ?? '/shop/',
  plugins: [
    outDirOf(),
    themeTokens(),
    chakraStyleProps(),
    lazyChakraGlobalCss(),
    chakraSystemInSteps(),
    pureChakraAnatomies(),
    productionReactRouter(),
    precompileGraphql(),
    react(),
    listStartFiles(),
    versionFile(),
    precompress(() => outDir),
  ],
  // The server renderer runs React's production build, like the browser (same markup, no dev checks).
  define: { __BUILD_VERSION__: JSON.stringify(buildVersion), ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}) },
  // React 19 lives only in this workspace; dedupe keeps hoisted libraries on the same copy.
  // es2015: rxjs (under Apollo) then resolves to its ES2015 build, not the ES5 one with tslib.
  resolve: { dedupe: ['react', 'react-dom', '@emotion/react'], conditions: ['es2015', ...defaultClientConditions] },
  // The server renderer bundles its libraries too, so `dedupe` gives it one React like the browser's.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Terser rather than esbuild: its output gzips about 3 % smaller (two passes of its compressor,
    // top-level names mangled as an ES module allows), for a few seconds more of build. The server
    // renderer stays unminified as before.
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { module: true, compress: { passes: 2 } },
    chunkSizeWarningLimit: 800,
    // No modulepreload links in index.html (the entry's one static import, React, is found by the
    // browser when it parses the entry; main.tsx preloads the rest): a browser with JavaScript
    // off then fetches no script. Dynamic imports still preload their files when they run.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    rollupOptions: {
      // Zag and Chakra define every component's anatomy (its part names) with createAnatomy at the
      // top of their modules: as pure calls, only the anatomies in use stay. Emotion's withTheme,
      // unused, is the only user of these two CommonJS modules; CommonJS is kept whole unless
      // marked free of side effects (about 1 KB gzipped of the first load). The server renderer
      // is shaken alike: its code must name no theme token the browser's lacks (shop-theme-tokens).
      treeshake: {
        manualPureFunctions: ['createAnatomy'],
        moduleSideEffects: (id: string) => !/\/node_modules\/(hoist-non-react-statics|react-is)\//.test(id),
      },
      // The server renderer is one file: the gateway loads one copy of it per instance (the
      // settings it renders with are read when its modules are evaluated).
      output: isSsrBuild ? { inlineDynamicImports: true } : { manualChunks: apolloChunk },
    },
  },
  server: { proxy: { '/graphql': 'http://localhost:3000', '/api': 'http://localhost:3000', '/shop/version': 'http://localhost:3000' } },
}));
