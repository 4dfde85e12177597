import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/** Gzipped size of the JS the index page loads before anything else (entry + modulepreloads). */
export async function firstLoadJs(baseUrl: string): Promise<{ files: number; gzipBytes: number }> {
  const html = await (await fetch(`${baseUrl}/shop/index`)).text();
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  let gzipBytes = 0;
  for (const src of new Set(srcs)) gzipBytes += gzipSync(Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer()), { level: 9 }).length;
  return { files: new Set(srcs).size, gzipBytes };
}

/** Time from navigation start until the book list is on screen and the page is idle, and the
 * gzipped size of every script the browser fetched for that first load (lazy chunks included). */
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
        page.on('response', async (res) => {
          if (res.request().resourceType() !== 'script') return;
          const body = await res.body().catch(() => null);
          if (body) scripts.set(res.url(), gzipSync(body, { level: 9 }).length);
        });
      }
      const t0 = Date.now();
      await page.goto(`${baseUrl}/shop/index`, { waitUntil: 'networkidle' });
      await page.locator('text=EUR').first().waitFor({ timeout: 15_000 });
      times.push(Date.now() - t0);
      await context.close();
    }
    return {
      ms: times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!,
      scriptGzipBytes: [...scripts.values()].reduce((a, b) => a + b, 0),
      scripts: scripts.size,
    };
  } finally {
    await browser.close();
  }
}
