import { chromium } from 'playwright-core';

export interface MainThreadCase {
  name: string;
  path: string;
  /** A logged-in buyer's session token (cookie and bearer). */
  token?: string;
  /** What the page shows once rendered, and what it would show instead on the wrong page. */
  shows: { wanted: string; instead: string };
}

export interface MainThreadFigures {
  name: string;
  /** The main thread's script time (evaluation, compilation, the app's hydration) until the page went idle, median of the runs. */
  scriptMs: number;
  /** All main-thread task time over the same span, for reference. */
  taskMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Script evaluation and hydration time of a page on the renderer's main thread, from Chromium's
 * own counters (CDP Performance.getMetrics: ScriptDuration, TaskDuration), unthrottled: a fresh
 * context per run, the page loaded, shown and idle (no request for 500 ms, then an idle callback)
 * before the counters are read.
 */
export async function mainThreadFigures(baseUrl: string, cases: MainThreadCase[], runs = 3): Promise<MainThreadFigures[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const out: MainThreadFigures[] = [];
    for (const c of cases) {
      const script: number[] = [];
      const task: number[] = [];
      for (let i = 0; i < runs; i++) {
        const headers: Record<string, string> = c.token ? { Cookie: `token=${c.token}`, Authorization: `Bearer ${c.token}` } : {};
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: headers });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
        await page.goto(`${baseUrl}${c.path}`, { waitUntil: 'networkidle' });
        const seen = page.locator(`${c.shows.wanted}, ${c.shows.instead}`).first();
        await seen.waitFor({ timeout: 60_000 });
        if (!(await seen.evaluate((el, wanted) => el.matches(wanted), c.shows.wanted))) throw new Error(`${c.name}: the page shows ${c.shows.instead}`);
        // Runs in the page (a browser global the bench's Node types do not declare).
        await page.evaluate('new Promise((done) => requestIdleCallback(() => done(null), { timeout: 5000 }))');
        const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
        const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
        script.push(metric('ScriptDuration'));
        task.push(metric('TaskDuration'));
        await context.close();
      }
      out.push({ name: c.name, scriptMs: median(script), taskMs: median(task) });
    }
    return out;
  } finally {
    await browser.close();
  }
}
