import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { recordInsertedCss } from './css-audit.js';
import { checkScreen, recordPageErrors } from './screen-checks.js';
import type { TestStack } from './stack.js';
import { servesPages } from './warm-up.js';
import { timed } from './timings.js';

// A suite that drives a browser asks for the storefront's pages: its gateways warm the renderer up.
servesPages();

// Debian's Chromium driven by playwright-core (never a downloaded browser). Its headless shell
// (package chromium-headless-shell) when installed: the same Blink, V8 and compositor without the
// browser's user-interface layer, which is what Playwright itself runs for headless tests. The
// browser lane took 295 s with it against 408 s with the full browser, back to back.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/web');

type T = { teardown(fn: () => unknown): void };

export async function launchBrowser(t: T): Promise<Browser> {
  const browser = await timed('browser launch', () => chromium.launch({ executablePath: CHROMIUM, args: ARGS }));
  t.teardown(() => browser.close());
  // Every context keeps the style rules its pages insert, for checkCss (browser.newPage makes its
  // context through newContext too).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(recordInsertedCss);
    await context.addInitScript(recordToasts);
    // And the errors of each of its pages, for checkScreen (screen-checks.ts).
    context.on('page', recordPageErrors);
    return context;
  };
  return browser;
}

/**
 * Keeps the text of every toast the page shows (window.__toastsSeen): a toast leaves after a few
 * seconds, and on a loaded machine a check may look only after it left.
 */
function recordToasts(): void {
  const seen: string[] = [];
  (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
  const note = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const el of [node, ...node.querySelectorAll('[data-testid="toast"]')]) if (el.getAttribute('data-testid') === 'toast') seen.push(el.textContent ?? '');
  };
  new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(note))).observe(document, { childList: true, subtree: true });
}

/**
 * Waits until the page has shown a toast holding all these texts, now or since it opened, and
 * takes it off the record: waiting twice for the same text needs two toasts.
 */
export async function toastSeen(page: Page, texts: string | string[], timeout = 30_000): Promise<void> {
  const want = typeof texts === 'string' ? [texts] : texts;
  await page
    .waitForFunction(
      (parts) => {
        const seen = (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? [];
        const i = seen.findIndex((s) => parts.every((p) => s.includes(p)));
        if (i < 0) return false;
        seen.splice(i, 1);
        return true;
      },
      want,
      { timeout },
    )
    .catch(async (err: Error) => {
      const seen = await page.evaluate(() => (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? []).catch(() => []);
      throw new Error(`no toast with ${JSON.stringify(want)} within ${timeout} ms; toasts seen and not waited for: ${JSON.stringify(seen)}`, { cause: err });
    });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Browser language; the SPA ignores it (the stored locale decides), but dates follow it. */
  locale?: string;
  /** E.g. WeChat's in-app browser, which the SPA recognises by "MicroMessenger". */
  userAgent?: string;
  /** The browser's time zone (IANA), e.g. a buyer in Shanghai; the host's when unset. */
  timezoneId?: string;
}

export interface ShopPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

/** A fresh browser profile (own cookies and storage) on the stack's base URL. */
export async function openShop(browser: Browser, base: string, opts: PageOptions = {}): Promise<ShopPage> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    locale: opts.locale ?? 'en-US',
    acceptDownloads: true,
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  // Room for a machine under load (a captcha image or a page took over 15 s at a load of 15); a
  // wait that fails still fails well inside the file's timeout.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { context, page, errors };
}

/**
 * Waits until React owns the element with this test id (hydrated, or rendered afresh in its place):
 * a prerendered page is visible before its scripts have run, and a key pressed on its HTML alone
 * does nothing. React marks each node it manages with a `__reactFiber$…` property. A control the
 * app enables once it runs the page (lib/hydrated.tsx) must be enabled too: a disabled button
 * takes no focus, and a key pressed then is lost.
 */
export async function untilInteractive(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber$')) && !el.matches(':disabled');
  }, testId);
}

/**
 * Resolves once the page has painted two more frames: whatever an event just handled changed
 * (React's state, a dialog's data-state) has been committed by then. For asserting that something
 * did not happen, in place of a fixed wait.
 */
export async function afterFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Saves a screenshot (the viewport) of a step under test-artifacts/web/<suite>/<nn>-<step>.png. Given
 * the test, every screen shot is also checked with axe-core (no serious or critical violation) and
 * for style declarations the browser drops (css-audit.ts).
 */
export function screenshots(suite: string, t?: Pick<import('tap').Test, 'same'>) {
  const dir = path.join(ARTIFACTS, suite);
  mkdirSync(dir, { recursive: true });
  let n = 0;
  return async (page: Page, step: string) => {
    n += 1;
    // The viewport, as the buyer sees the screen: the checks read the whole document, and a full
    // page cost a third more (the shop's pages are taller than the viewport). A shot waits for the
    // fonts, which a loaded machine may take long to give.
    await timed('screenshot', () => page.screenshot({ path: path.join(dir, `${String(n).padStart(2, '0')}-${step}.png`), timeout: 60_000 }));
    // The shop's screens only: a provider sandbox's cashier page is not ours to fix.
    if (t && new URL(page.url()).pathname.startsWith('/shop/')) await checkScreen(t, page, `${suite}/${step}`);
  };
}

/**
 * Makes the page's GraphQL requests for one operation fail as a dropped connection does, until the
 * function returned is called; the page's other requests go through.
 */
export async function failQueries(page: Page, operation: string): Promise<() => Promise<void>> {
  const handler = (route: Route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    return body?.operationName === operation ? route.abort('connectionreset') : route.fallback();
  };
  await page.route('**/graphql', handler);
  return () => page.unroute('**/graphql', handler);
}

/** The answer of the captcha this page was shown, read with the page's own cookies. */
export async function captchaAnswer(page: Page): Promise<string> {
  const res = await page.request.get('/__test/captcha');
  const { answer } = (await res.json()) as { answer: string | null };
  if (!answer) throw new Error('no captcha answer for this browser');
  return answer;
}

/** Layout width of an element in CSS pixels (offsetWidth: not scaled by an opening animation). */
export async function widthOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => (el as HTMLElement).offsetWidth);
}

/**
 * Where the first toast sits, read in one look: whether a dialog is open, and whether the toast
 * covers the header bar, any open dialog or the page's title. The rule (components/ui/toaster.tsx):
 * never over the header while it can be used, never over an open dialog, never over the title.
 */
export async function toastPlacement(page: Page): Promise<{ dialogOpen: boolean; overHeader: boolean; overDialog: boolean; overTitle: boolean; top: number }> {
  // Found and measured in one look at each frame: a toast leaves after a few seconds, and on a
  // loaded machine a second round trip after waiting for it may come when it has gone.
  const placed = await page.waitForFunction(() => {
    const toast = document.querySelector('[data-testid=toast]');
    if (!toast) return null;
    const r = toast.getBoundingClientRect();
    const header = document.querySelector('[data-testid=header-bar]')?.getBoundingClientRect();
    const dialogs = [...document.querySelectorAll('[role=dialog], [role=alertdialog]')]
      .map((d) => d.getBoundingClientRect())
      .filter((d) => d.width > 0 && d.height > 0);
    const overlaps = (d: DOMRect) => r.left < d.right && d.left < r.right && r.top < d.bottom && d.top < r.bottom;
    // The page's title as drawn: its text's boxes, not its heading's, which spans the column.
    const title = [...document.querySelectorAll('main h1, h1')].flatMap((h) => {
      const range = document.createRange();
      range.selectNodeContents(h);
      return [...range.getClientRects()];
    });
    return {
      dialogOpen: dialogs.length > 0,
      overHeader: header ? r.top < header.bottom : false,
      overDialog: dialogs.some(overlaps),
      overTitle: title.some(overlaps),
      top: Math.round(r.top),
    };
  });
  const value = await placed.jsonValue();
  if (!value) throw new Error('the toast was found and then not');
  return value;
}

/**
 * A registered buyer whose session cookie is put into the browser profile, for flows that do
 * not test registration itself (the registration and login dialogs have their own suites).
 */
export async function signInBuyer(
  stack: { client(): import('./http.js').Client; base: string },
  context: BrowserContext,
  opts: { email: string; language?: 'zh' | 'en'; firstName?: string; lastName?: string },
): Promise<import('./http.js').Client> {
  const { registerLegacy } = await import('./accounts.js');
  const c = stack.client();
  const r = await registerLegacy(c, opts.email, { language: opts.language ?? 'en', firstName: opts.firstName, lastName: opts.lastName });
  if (r.code !== 200) throw new Error(`registration failed: ${r.message}`);
  await addSessionCookie(context, stack.base, String(r.data.access_token));
  return c;
}

/**
 * A new operator whose session cookie is put into the browser profile, for flows that use the
 * console but do not test the login itself (operator-console.test.ts and the account screens log
 * operators in through the dialog with the captcha). Answers the operator's email.
 */
export async function signInOperator(stack: Pick<TestStack, 'db' | 'client' | 'base'>, context: BrowserContext): Promise<string> {
  const { ensureOperator } = await import('../../gateway/src/cli/operator.js');
  const { loginLegacy } = await import('./accounts.js');
  const email = (await import('./stack.js')).uniqueEmail('op');
  await ensureOperator(stack.db, { email, password: OPERATOR_PASSWORD });
  const r = await loginLegacy(stack.client(), email, OPERATOR_PASSWORD);
  if (r.code !== 200) throw new Error(`operator login failed: ${r.message}`);
  await addSessionCookie(context, stack.base, String(r.data.access_token));
  return email;
}

export const OPERATOR_PASSWORD = 'Operator1';

/** The gateway's session cookie, as a login answer sets it. */
export async function addSessionCookie(context: BrowserContext, base: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: base, httpOnly: true, sameSite: 'Lax' }]);
}

/**
 * For a prerendered page's takeover: remembers the nodes matching `selector` as the HTML parser
 * made them (before any script ran) and sums layout shifts from the start, in every page of the
 * profile. `paintedNodes` reads both after the SPA has hydrated.
 */
export async function watchPaintedNodes(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript((sel) => {
    const w = window as unknown as { __shifts: number; __painted?: Element[]; __sheetsMoved?: number };
    w.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { hadRecentInput: boolean; value: number }>) if (!e.hadRecentInput) w.__shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      w.__painted = [...document.querySelectorAll(sel)];
      // From here on scripts run: a style sheet they take out of the page (to move it) makes the
      // browser restyle all of it.
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.removedNodes) if (n.nodeName === 'STYLE') w.__sheetsMoved = (w.__sheetsMoved ?? 0) + 1;
      }).observe(document, { childList: true, subtree: true });
    });
  }, selector);
}

/** The nodes `watchPaintedNodes` remembered: how many, those no longer in the page (rendered again), the layout shift so far and the style sheets taken out of the page since it was parsed. */
export async function paintedNodes(page: Page): Promise<{ painted: number; kept: number; lost: string[]; shifts: number; sheetsMoved: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { __shifts: number; __painted?: Element[]; __sheetsMoved?: number };
    const painted = w.__painted ?? [];
    return {
      painted: painted.length,
      kept: painted.filter((n) => n.isConnected).length,
      lost: painted.filter((n) => !n.isConnected).map((n) => n.outerHTML.slice(0, 120)),
      shifts: w.__shifts,
      sheetsMoved: w.__sheetsMoved ?? 0,
    };
  });
}
