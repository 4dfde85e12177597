import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export interface LighthouseFigures {
  /** Performance score, 0..100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of JavaScript transferred for the page load (as sent: brotli or gzip). */
  jsBytes: number;
  /** Number of scripts the page loaded. */
  scripts: number;
  /** The scripts' URLs. */
  scriptUrls: string[];
}

export interface LighthouseCase {
  name: string;
  path: string;
  /** Session token to send as the `token` cookie (a logged-in buyer). */
  token?: string;
  /**
   * What the page shows when it is the page the case names (CSS selector), and what it shows when
   * it is not (the login prompt of a case meant to be logged in). Checked before the runs.
   */
  shows?: { wanted: string; instead: string };
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface NetworkItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
}

const sessionHeaders = (token: string) => ({ Cookie: `token=${token}`, Authorization: `Bearer ${token}` });

/**
 * Opens the case's page the way Lighthouse will (same browser, same headers, a phone's width) and
 * refuses to measure it unless it shows what the case names: until 2026-11-26 the logged-in case
 * measured the login prompt for days without anyone noticing.
 */
async function checkShows(port: number, url: string, c: LighthouseCase): Promise<void> {
  if (!c.shows) return;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: c.token ? sessionHeaders(c.token) : {} });
    const page = await context.newPage();
    await page.goto(url);
    const seen = page.locator(`${c.shows.wanted}, ${c.shows.instead}`).first();
    await seen.waitFor({ timeout: 60_000 });
    if (!(await seen.evaluate((el, wanted) => el.matches(wanted), c.shows.wanted)))
      throw new Error(`${c.name}: the page shows ${c.shows.instead}, not ${c.shows.wanted}; the bench would measure the wrong page`);
    await context.close();
  } finally {
    // Only the connection: the browser is chrome-launcher's, and Lighthouse runs in it next.
    await browser.close();
  }
}

async function once(port: number, url: string, token?: string): Promise<LighthouseFigures> {
  // The default config is the mobile profile (simulated slow 4G, 4x CPU slowdown, Moto G power screen).
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The session also as a bearer token: Chromium replaces an extra Cookie header with the cookies
    // of its jar once the page has set one (the SPA writes `locale` at start), so the page's own
    // requests went without the session and "logged in" measured the login prompt.
    ...(token ? { extraHeaders: sessionHeaders(token) } : {}),
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // For a closer look at a run (its main-thread tasks, scripts, LCP element): LIGHTHOUSE_REPORT_DIR=dir.
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_');
    writeFileSync(path.join(reportDir, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter((i) => i.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsBytes: items.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
    scripts: items.length,
    scriptUrls: items.map((i) => i.url ?? ''),
  };
}

// On a loaded machine Lighthouse now and then fails to record a trace (NO_NAVSTART): run again.
async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (i >= attempts) throw err;
      console.log(`lighthouse run failed (${err instanceof Error ? err.message : String(err)}); again`);
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Lighthouse (default mobile profile) on each case, median of `runs` per figure. */
export async function lighthouseFigures(baseUrl: string, cases: LighthouseCase[], runs = 3): Promise<Array<LighthouseCase & LighthouseFigures>> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const out: Array<LighthouseCase & LighthouseFigures> = [];
    for (const c of cases) {
      await checkShows(chrome.port, `${baseUrl}${c.path}`, c);
      const all: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) all.push(await retried(() => once(chrome.port, `${baseUrl}${c.path}`, c.token)));
      const pick = (f: (x: LighthouseFigures) => number) => median(all.map(f));
      out.push({
        ...c,
        score: pick((x) => x.score),
        lcpMs: pick((x) => x.lcpMs),
        tbtMs: pick((x) => x.tbtMs),
        cls: pick((x) => x.cls),
        jsBytes: pick((x) => x.jsBytes),
        scripts: pick((x) => x.scripts),
        // The same files in every run of a case.
        scriptUrls: all[0]!.scriptUrls,
      });
    }
    return out;
  } finally {
    await chrome.kill();
  }
}
