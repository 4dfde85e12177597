import type { BenchContext } from '../context.js';
import { lighthouseFigures } from '../lighthouse.js';
import { mainThreadFigures } from '../main-thread.js';
import { firstLoadJs, gzipBytesSent, timeToInteractive } from '../spa.js';
import { halfOf, judge, mainThreadBaselineMs } from '../targets.js';

/** The three public pages the browser cases open, each with what shows that it rendered. */
function publicPages(token: string) {
  return [
    { key: 'index' as const, name: '/shop/index', path: '/shop/index', shows: { wanted: '[data-testid=book]', instead: '[data-testid=route-error]' } },
    {
      key: 'book' as const,
      name: 'book detail',
      path: '/shop/bookDetail/2',
      shows: { wanted: '[data-testid=book-detail]', instead: '[data-testid=route-error]' },
    },
    {
      key: 'orders' as const,
      name: '/shop/orders, logged in',
      path: '/shop/orders',
      token,
      shows: { wanted: '[data-testid=order-card], [data-testid=order-row]', instead: '[data-testid=orders-guest]' },
    },
  ];
}

/** The SPA's first-load JavaScript and its time to interactive. */
export async function spaCases({ stack, report, step, want }: BenchContext): Promise<void> {
  if (!want('spa')) return;
  await step('SPA');
  const entry = await firstLoadJs(stack.gatewayUrl);
  const tti = await timeToInteractive(stack.gatewayUrl);
  report.judged(
    {
      case: 'SPA first-load JS (gzip as sent, all scripts the browser fetched)',
      figure: `${(tti.scriptGzipBytes / 1024).toFixed(1)} KB in ${tti.scripts} files (entry alone ${(entry.gzipBytes / 1024).toFixed(1)} KB)`,
      baseline: '-',
      ratio: null,
    },
    judge('spaFirstLoad', { kb: tti.scriptGzipBytes / 1024 }),
  );
  report.info({ case: 'SPA time to interactive /shop/index', figure: `${tti.ms} ms (median of 3)` });
}

/** Each public page's script evaluation and hydration on the main thread, from a trace, unthrottled. */
export async function mainThreadCases({ stack, buyers, report, step, want }: BenchContext): Promise<void> {
  if (!want('mainthread')) return;
  await step('main thread: script evaluation and hydration');
  const pages = publicPages(buyers[0]!.token);
  const figures = await mainThreadFigures(stack.gatewayUrl, pages);
  for (const [i, f] of figures.entries()) {
    const baseline = mainThreadBaselineMs[pages[i]!.key];
    report.judged(
      {
        case: `main thread ${f.name}: script evaluation and hydration (unthrottled)`,
        figure: `${f.scriptMs.toFixed(0)} ms script (all tasks ${f.taskMs.toFixed(0)} ms), median of 3; baseline ${baseline} ms`,
        baseline: '-',
        ratio: null,
      },
      judge(halfOf(baseline), { ms: f.scriptMs }),
    );
  }
}

/** Lighthouse's mobile run of each public page, median of 5 (its TBT swings between runs on a shared machine). */
export async function lighthouseCases({ stack, buyers, report, step, want }: BenchContext): Promise<void> {
  if (!want('lighthouse')) return;
  await step('Lighthouse (mobile, median of 5)');
  for (const f of await lighthouseFigures(stack.gatewayUrl, publicPages(buyers[0]!.token), 5)) {
    // The public pages' first-load target (120 KB gzip, 1 KB = 1024 bytes as Lighthouse counts) is the
    // public pages' first screen; My Orders' figure is printed beside it.
    const publicPage = !f.token;
    let gzip = 0;
    for (const url of f.scriptUrls) gzip += await gzipBytesSent(url);
    report.judged(
      {
        case: `Lighthouse mobile ${f.name}`,
        figure: `performance ${f.score}, LCP ${(f.lcpMs / 1000).toFixed(2)} s, TBT ${f.tbtMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}, JS ${(f.jsBytes / 1024).toFixed(1)} KB transferred in ${f.scripts} files (${(gzip / 1024).toFixed(1)} KB as gzip)`,
        baseline: '-',
        ratio: null,
      },
      judge(publicPage ? 'lighthousePublic' : 'lighthouseLoggedIn', { score: f.score, lcpMs: f.lcpMs, tbtMs: f.tbtMs, cls: f.cls, jsKb: gzip / 1024 }),
    );
  }
}
