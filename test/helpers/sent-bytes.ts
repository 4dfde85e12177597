import { readFileSync } from 'node:fs';
import path from 'node:path';

const DIST = path.resolve(import.meta.dirname, '../../web/dist');

/**
 * What the gateway sends for one of the SPA's hashed files (`/shop/assets/…`) to a client that
 * accepts gzip and not brotli (`gz`), or brotli (`br`): the file the build wrote beside it
 * (web/vite-plugins/precompress.ts), sent as it is (test/web/first-load.test.ts shows that).
 */
export function sentBytes(url: string, encoding: 'gz' | 'br'): number {
  return readFileSync(sentFile(url, encoding)).length;
}

/** The precompressed file of a hashed file's URL. */
export function sentFile(url: string, encoding: 'gz' | 'br'): string {
  return path.join(DIST, `${url.replace(/^\/shop\//, '')}.${encoding}`);
}
