import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { parse } from 'graphql';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

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

// Writes .br and .gz beside each script, style and image, so a static server with precompressed
// files switched on (@fastify/static `preCompressed`) sends about 170 KB instead of 630 KB.
function precompress(): Plugin {
  return {
    name: 'shop-precompress',
    apply: (_c, env) => env.command === 'build' && !env.isSsrBuild,
    closeBundle() {
      const dir = resolve(outDir, 'assets');
      for (const f of readdirSync(dir)) {
        if (!/\.(js|css|svg)$/.test(f)) continue;
        const body = readFileSync(resolve(dir, f));
        writeFileSync(resolve(dir, `${f}.gz`), gzipSync(body, { level: 9 }));
        writeFileSync(resolve(dir, `${f}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// Parses the SPA's `graphql(\`...\`, [FRAGMENTS])` documents (gql.tada, see src/lib/graphql.ts) at
// build time, so the browser downloads no GraphQL parser: each call becomes its parsed definitions
// handed to `composeDocument`, which appends the named fragments' definitions as gql.tada would.
// A document is one template literal without interpolation; anything else fails the build.
const composeModule = resolve(__dirname, 'src/lib/graphql-document.ts');
const graphqlCall = /\bgraphql\(\s*`([^`]*)`\s*(?:,\s*\[([\w\s,]*)\]\s*)?,?\s*\)/g;
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
        return `__composeDocument(${JSON.stringify(parse(text, { noLocation: true }))}, [${names.join(', ')}])`;
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
  plugins: [outDirOf(), precompileGraphql(), react(), versionFile(), precompress()],
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
    chunkSizeWarningLimit: 800,
    // The server renderer is one file: the gateway loads one copy of it per instance (the
    // settings it renders with are read when its modules are evaluated).
    ...(isSsrBuild ? { rollupOptions: { output: { inlineDynamicImports: true } } } : {}),
  },
  server: { proxy: { '/graphql': 'http://localhost:3000', '/api': 'http://localhost:3000', '/shop/version': 'http://localhost:3000' } },
}));
