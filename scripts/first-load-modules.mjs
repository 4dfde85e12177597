// Which packages and modules make up a guest's first load of the SPA (/index, in English): the
// entry, the start-up files index.html lists (#shop-start-files) and the first screen's texts and
// the book list's files (#shop-page-files), each attributed by its source map, with each module's
// share of the file's gzipped size (its share of the minified bytes; an estimate, as gzip
// compresses across modules). Build the SPA with source maps somewhere of its own first:
//   (cd web && npx vite build --sourcemap --outDir /tmp/shop-sourcemapped --emptyOutDir)
//   node scripts/first-load-modules.mjs /tmp/shop-sourcemapped [smallest module in KiB, 0.3]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const [dist, smallest = '0.3'] = process.argv.slice(2);
if (!dist) throw new Error('usage: node scripts/first-load-modules.mjs <dist built with --sourcemap> [smallest module KiB]');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The segments of a source map's `mappings`, per generated line: [column, source index]. */
function segments(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const out = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      out.push([column, fields.length > 1 ? source : -1]);
    }
    lines.push(out);
  }
  return lines;
}

/** The package a source belongs to (web/src for the SPA's own code) and the module in it. */
function owner(source) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (m) return { pkg: m[1], mod: m[2].replace(/^dist\/(esm\/)?/, '') };
  return { pkg: 'web/src', mod: source.replace(/^.*?\/?src\//, 'src/') };
}

const kib = (n) => (n / 1024).toFixed(1).padStart(6);
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const base = /<script type="module"[^>]*src="([^"]+)"/.exec(html)[1].replace(/assets\/.*$/, '');
const startFiles = JSON.parse(/id="shop-start-files">([^<]*)</.exec(html)[1]);
// The English first-screen texts and the book list's own files, which main.tsx preloads beside the start-up's.
const byPage = JSON.parse(/id="shop-page-files">([^<]*)</.exec(html)?.[1] ?? '{"pages":{},"shells":{}}');
const pageFiles = [...(byPage.shells?.en ?? []), ...(byPage.pages.index ?? [])];
const files = [/<script type="module"[^>]*src="([^"]+)"/.exec(html)[1], ...startFiles, ...pageFiles].map((u) => u.slice(base.length));
let total = 0;
for (const file of files) {
  const code = readFileSync(path.join(dist, file), 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '');
  const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8'));
  const gzip = gzipSync(code, { level: 9 }).length;
  total += gzip;
  const bytes = new Map();
  const add = (key, n) => bytes.set(key, (bytes.get(key) ?? 0) + n);
  const lines = code.split('\n');
  segments(map.mappings).forEach((segs, i) => {
    const line = lines[i] ?? '';
    if (segs.length === 0 || segs[0][0] > 0) add('(no source)', segs.length ? segs[0][0] : line.length);
    segs.forEach(([column, source], j) => add(source < 0 ? '(no source)' : map.sources[source], (segs[j + 1]?.[0] ?? line.length) - column));
  });
  const share = (n) => (n / code.length) * gzip;
  const packages = new Map();
  const modules = [];
  for (const [source, n] of bytes) {
    const { pkg, mod } = source === '(no source)' ? { pkg: source, mod: '' } : owner(source);
    packages.set(pkg, (packages.get(pkg) ?? 0) + n);
    modules.push([`${pkg} ${mod}`, n]);
  }
  console.log(`\n${file}: ${kib(code.length)} KiB minified, ${kib(gzip)} KiB gzip`);
  for (const [pkg, n] of [...packages].sort((a, b) => b[1] - a[1])) console.log(`  ${pkg.padEnd(40)} ${kib(n)} ${kib(share(n))}`);
  for (const [mod, n] of modules.sort((a, b) => b[1] - a[1]))
    if (share(n) / 1024 >= Number(smallest)) console.log(`    ${mod.slice(0, 80).padEnd(80)} ${kib(n)} ${kib(share(n))}`);
}
console.log(`\n${files.length} files, ${(total / 1024).toFixed(1)} KiB gzip (columns: minified KiB, share of gzip KiB)`);
