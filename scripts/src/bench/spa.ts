import { request } from 'node:http';
import { chromium } from 'playwright-core';

/**
 * The bytes the gateway sends for a file to a client that accepts gzip and not brotli: the body as
 * it goes over the wire (the build's precompressed .gz for a script), not a recompression of it.
 */
export function gzipBytesSent(url: string): Promise<number> {
  return new Promise((done, fail) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => (res.statusCode === 200 ? done(bytes) : fail(new Error(`${url}: HTTP ${res.statusCode}`))));
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

/** Gzip bytes sent for the JS the index page loads before anything else (entry + modulepreloads). */
export async function firstLoadJs(baseUrl: string): Promise<{ files: number; gzipBytes: number }> {
  const html = await (await fetch(`${baseUrl}/shop/index`)).text();
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  let gzipBytes = 0;
  for (const src of new Set(srcs)) gzipBytes += await gzipBytesSent(new URL(src, baseUrl).href);
  return { files: new Set(srcs).size, gzipBytes };
}

/** Time from navigation start until the book list is on screen and the page is idle, and the
 * gzip bytes sent for every script the browser fetched for that first load (lazy chunks included). */
export async function timeToInteractive(baseUrl: string, runs = 3): Promise<{ ms: number; scriptGzipBytes: number; scripts: number }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const times: number[] = [];
    const scripts = new Map<string, number>();
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (i === 0) {
        page.on('response', (res) => {
          if (res.request().resourceType() === 'script') scripts.set(res.url(), 0);
        });
      }
      const t0 = Date.now();
      await page.goto(`${baseUrl}/shop/index`, { waitUntil: 'networkidle' });
      await page.locator('text=EUR').first().waitFor({ timeout: 15_000 });
      times.push(Date.now() - t0);
      await context.close();
    }
    for (const url of scripts.keys()) scripts.set(url, await gzipBytesSent(url));
    return {
      ms: times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!,
      scriptGzipBytes: [...scripts.values()].reduce((a, b) => a + b, 0),
      scripts: scripts.size,
    };
  } finally {
    await browser.close();
  }
}
