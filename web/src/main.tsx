import { startTransition } from 'react';
import { readEntry } from './app/entry';
import { loadPagePrefetch, type PagePrefetch } from './app/page-data';
import { ROUTER_BASENAME } from './lib/config';
import { browserClients, loadClient } from './lib/data/client';
import { QueryStore } from './lib/data/query-store';
import { resultKey, type EmbeddedResults } from './lib/data/result-key';
import { initI18n, storedLocale, type Locale } from './lib/i18n';
import { ME, signedIn } from './lib/session';
import { startTimeZone } from './lib/time-zone';
import { setRenderedLayout, type RenderedLayout } from './lib/viewport';
import { yieldToMain } from './lib/yield';

interface Prerendered {
  locale: 'zh' | 'en';
  /** The answers the page was rendered from (web/src/ssr.tsx). */
  results: EmbeddedResults;
  /** The layout a page rendered for a buyer was rendered in (lib/viewport.ts). */
  layout?: RenderedLayout;
  /** The zone the page's times were rendered in (lib/time-zone.ts). */
  timeZone?: string;
}

/** The data the gateway rendered this page's HTML from (gateway/src/plugins/spa-prerender.ts). */
function prerenderedState(): Prerendered | null {
  try {
    const text = document.getElementById('shop-state')?.textContent;
    return text ? (JSON.parse(text) as Prerendered) : null;
  } catch {
    return null;
  }
}

/** A JSON list the build wrote into index.html (vite.config.ts, shop-list-start-files). */
function listed<T>(id: string): T | null {
  try {
    const text = document.getElementById(id)?.textContent;
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function modulePreload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/**
 * Fetches the files of all start-up steps at once, with the first screen's texts in the page's
 * language and, on the page it starts on, its chunk and, beyond the first screen, the texts it
 * loads: the router asks for those only after the start-up, a round trip (or several, on a
 * phone) later. Without the lists each step fetches its own files when it comes. Each link costs
 * the main thread a few milliseconds on a phone, and a page rendered in the browser can list
 * twenty: its files follow in a task of their own, after the start-up's (needed first).
 */
function preloadStartFiles(page: string, locale: Locale): void {
  const byPage = listed<{ pages: Record<string, string[]>; texts: Record<string, string[]>; shells: Record<string, string[]>; firstScreen: string[] }>(
    'shop-page-files',
  );
  for (const href of [...(listed<string[]>('shop-start-files') ?? []), ...(byPage?.shells[locale] ?? [])]) modulePreload(href);
  if (!byPage) return;
  // A page with a parameter is listed by its path's first part (bookdetail/3: bookdetail).
  const listedAs = page in byPage.pages ? page : page.split('/')[0]!;
  const files = byPage.pages[listedAs];
  if (!files) return;
  // A public page's few files come with the start-up's: its controls take a tap only once its chunk
  // has come and React has taken over its HTML, as the header's do with the start-up.
  if (byPage.firstScreen.includes(listedAs)) {
    for (const href of files) modulePreload(href);
    return;
  }
  const texts = byPage.texts[locale] ?? [];
  void yieldToMain().then(() => {
    for (const href of [...files, ...texts]) modulePreload(href);
  });
}

/**
 * Loads Apollo now, its files fetched at once (index.html lists them, #shop-data-files), asks who
 * is logged in and starts the first data of a page rendered here: for anyone but a guest on a
 * prerendered page, who sees the answers the page came with and needs Apollo only later, if at all.
 */
function startClient(pagePrefetch: Promise<PagePrefetch> | null): void {
  for (const href of listed<string[]>('shop-data-files') ?? []) modulePreload(href);
  loadClient()
    .then((client) => {
      const who = signedIn(client);
      return pagePrefetch?.then((prefetch) => prefetch(client, who));
    })
    .catch(() => undefined);
}

/** The route path the SPA starts on, under its basename, in lower case as routes match (react-router). */
function startPagePath(): string {
  return window.location.pathname
    .slice(ROUTER_BASENAME.length)
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}

/**
 * Start-up in steps, each its own task (yieldToMain between them), so none blocks the page for
 * long on a phone: the libraries are evaluated chunk by chunk (dynamic imports, their files
 * fetched together first), the Chakra system is built, then React hydrates the prerendered HTML
 * as a transition, which yields every few milliseconds by itself. The prerendered page is painted
 * and readable meanwhile. Apollo is not a step: a guest's prerendered page reads the answers it
 * came with (lib/data/query-store.ts); anyone else loads it beside the steps (startClient).
 */
async function start(): Promise<void> {
  // A task of its own, apart from the evaluation of this module and React (together a long task
  // on a phone already).
  await yieldToMain();
  // Entry paths and query parameters first: they may set the language of the texts and requests.
  const flags = readEntry();
  const page = startPagePath();
  preloadStartFiles(page, storedLocale());
  const container = document.getElementById('root')!;
  const state = prerenderedState();
  // The HTML can only be taken over when it is in the language this browser chose; otherwise
  // (a choice the server could not see) the page is rendered afresh.
  const hydrate = state !== null && container.firstElementChild !== null && state.locale === storedLocale();
  const results = hydrate ? state.results : {};
  // The page says who it was rendered for when the gateway knew: `me: null` for a guest, the
  // buyer on My Orders. Its answers are then that visitor's own, fresh from the render: nothing
  // to ask again before the visitor does something. A public page rendered with a session cookie
  // leaves who is logged in to the browser, and its answers (a guest's) to be asked again.
  const rendersVisitor = resultKey(ME, {}) in results;
  const store = new QueryStore(results, browserClients, { fresh: rendersVisitor });
  if (hydrate) setRenderedLayout(state.layout);
  startTimeZone(hydrate ? state.timeZone : undefined);
  // A page rendered here asks for its first data as soon as the Apollo client exists.
  if (!rendersVisitor) startClient(loadPagePrefetch(page));

  await yieldToMain();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await yieldToMain();
  const { prepareShopSystem, shopSystem, shopSystemForPrerendered } = await import('./lib/system');
  await yieldToMain();
  prepareShopSystem();
  await yieldToMain();
  if (hydrate) shopSystemForPrerendered();
  else shopSystem();
  await yieldToMain();
  const i18n = await initI18n();
  await yieldToMain();
  const { App } = await import('./app/App');
  await yieldToMain();

  const app = <App store={store} i18n={i18n} flags={flags} prerendered={hydrate} />;
  if (hydrate) {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // blocking the main thread for the whole page (the page is already painted meanwhile).
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  container.replaceChildren();
  createRoot(container).render(app);
}

void start();
