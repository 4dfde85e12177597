import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

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
}

export interface LighthouseCase {
  name: string;
  path: string;
  /** Session token to send as the `token` cookie (a logged-in buyer). */
  token?: string;
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
  resourceType?: string;
  transferSize?: number;
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
    ...(token ? { extraHeaders: { Cookie: `token=${token}`, Authorization: `Bearer ${token}` } } : {}),
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
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
      });
    }
    return out;
  } finally {
    await chrome.kill();
  }
}
