import { writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const buildVersion = `${process.env.npm_package_version ?? '0.0.0'}+${Date.now().toString(36)}`;

// The gateway serves this file's value at <base>version; the SPA compares it with its own.
function versionFile(): Plugin {
  return {
    name: 'shop-version-file',
    apply: 'build',
    closeBundle() {
      const out = resolve(__dirname, 'dist');
      mkdirSync(out, { recursive: true });
      writeFileSync(resolve(out, 'version.json'), JSON.stringify({ version: buildVersion }));
    },
  };
}

export default defineConfig({
  base: process.env.SHOP_BASE_PATH ?? '/shop/',
  plugins: [react(), versionFile()],
  define: { __BUILD_VERSION__: JSON.stringify(buildVersion) },
  // React 19 lives only in this workspace; dedupe keeps hoisted libraries on the same copy.
  resolve: { dedupe: ['react', 'react-dom', '@emotion/react'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/graphql': 'http://localhost:3000', '/api': 'http://localhost:3000' } },
});
