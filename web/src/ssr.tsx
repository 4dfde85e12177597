// The server side of the SPA's first screens: the gateway loads this module (built by `vite build
// --ssr`) and renders the book list and a book's page (the same for every guest), and My Orders for
// the logged-in buyer, to HTML, which the browser paints before any script has run; main.tsx then
// hydrates that HTML with the same components and the same data.
import { ApolloClient, ApolloLink, type OperationVariables } from '@apollo/client';
import type { ResultOf, TadaDocumentNode } from 'gql.tada';
import { print } from 'graphql';
import { createInstance } from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router-dom';
import { Observable } from 'rxjs';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { BOOKS } from './features/catalog/api';
import { BOOK } from './features/catalog/book-api';
import { ORDERS } from './features/orders/api';
import { firstOrdersPage } from './features/orders/prefetch';
import { createShopCache } from './lib/apollo';
import { ROUTER_BASENAME, SHOP_TIME_ZONE } from './lib/config';
import { QueryStore } from './lib/data/query-store';
import { resultKey, type EmbeddedResults } from './lib/data/result-key';
import { setRenderLocale, type Locale } from './lib/i18n';
import { ME } from './lib/session';
import { setRenderTimeZone } from './lib/time-zone';
import { setRenderedLayout, type RenderedLayout } from './lib/viewport';
import { enScreens } from './locales/en/screens';
import { enShell } from './locales/en/shell';
import { zhScreens } from './locales/zh/screens';
import { zhShell } from './locales/zh/shell';
import { pageMeta, type PageMeta } from './page-meta';
import { hoistEmotionStyles } from './ssr-styles';

/** The Chakra system the pages are rendered with, the browser's (test/web/style-props.test.ts compares the two builds' systems). */
export { shopSystem } from './lib/system';

/** Runs one GraphQL query (the gateway executes it in-process: anonymously, or as the buyer of a buyer's page). */
export type Execute = (query: string, variables: Record<string, unknown>) => Promise<{ data?: unknown; errors?: readonly unknown[] | null }>;

export interface RenderRequest {
  /** Path under the base, e.g. /index or /bookDetail/2 (no query). */
  path: string;
  locale: Locale;
  /** The request carries a session: who is logged in stays to be asked by the browser. */
  session: boolean;
  execute: Execute;
  /** A buyer's page: the layout the request's device most likely shows (the gateway embeds it beside the page, main.tsx hydrates with it). */
  layout?: RenderedLayout;
  /** The zone its times are shown in (the buyer's from the cookie, else the shop's): embedded for the browser to hydrate with. */
  timeZone?: string;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** Its style sheets, for the end of <head> (ssr-styles.ts). */
  head: string;
  /** The answers the markup was rendered from, by query (main.tsx hands them to the query store). */
  state: EmbeddedResults;
  /** The path the browser's router must be at to hydrate this markup. */
  routerPath: string;
  /** Its title, description and picture for <head> (page-meta.ts). */
  meta: PageMeta;
}

/** The head of a page the gateway sends without rendering it (the empty shell). */
export function shellMeta(path: string, locale: Locale): PageMeta {
  return pageMeta(path, locale);
}

const shells: Record<Locale, object> = { en: enShell, zh: zhShell };
const screens: Record<Locale, object> = { en: enScreens, zh: zhScreens };

/**
 * The path a prerendered page is rendered for, or null when the path is not one of the public
 * pages (the others depend on the buyer and start from the empty shell).
 */
export function prerenderedPath(path: string): string | null {
  if (path === '/index' || path === '/zhPage' || path === '/enPage') return '/index';
  const detail = matchPath('/bookDetail/:bookId', path);
  return detail ? path : null;
}

/**
 * The path of a page rendered for the logged-in buyer (My Orders), or null. The gateway renders
 * it per request with the buyer's session and never keeps it; the request's `execute` runs as
 * that buyer.
 */
export function buyerPagePath(path: string): string | null {
  return path === '/orders' ? path : null;
}

function linkTo(execute: Execute): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute(print(operation.query), operation.variables).then(
          (result) => {
            observer.next(result as never);
            observer.complete();
          },
          (err: unknown) => observer.error(err),
        );
      }),
  );
}

// The language of the page is module state read by storedLocale(): one render at a time.
let queue: Promise<unknown> = Promise.resolve();

export function render(req: RenderRequest): Promise<RenderedPage | null> {
  const run = queue.then(() => renderNow(req));
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The answers the page is rendered from, fetched before rendering so the markup holds the books or
 * the orders, not a spinner; null when a buyer's page has no buyer (a session ended meanwhile:
 * the browser asks the visitor to log in, as without one).
 */
async function pageData(client: ApolloClient, routerPath: string, buyerPage: boolean, locale: Locale, session: boolean): Promise<EmbeddedResults | null> {
  const results: EmbeddedResults = {};
  const ask = async <T, V extends OperationVariables>(query: TadaDocumentNode<T, V>, variables: V) => {
    const { data } = await client.query({ query, variables });
    results[resultKey(query, variables)] = data;
    return data;
  };
  const detail = matchPath('/bookDetail/:bookId', routerPath);
  if (buyerPage) {
    if (!(await ask(ME, {}))?.me) return null;
    await ask(ORDERS, firstOrdersPage());
  } else if (detail) await ask(BOOK, { id: detail.params.bookId ?? '', language: locale });
  else await ask(BOOKS, { language: locale });
  // Without a session the visitor is a guest: the header can show Log In right away, and the
  // browser knows it needs no Apollo for this page.
  if (!session && !buyerPage) results[resultKey(ME, {})] = { me: null };
  return results;
}

async function renderNow({ path, locale, session, execute, layout, timeZone }: RenderRequest): Promise<RenderedPage | null> {
  const buyerPath = buyerPagePath(path);
  const buyerPage = buyerPath !== null;
  const routerPath = buyerPath ?? prerenderedPath(path);
  if (!routerPath) return null;
  // The answers come through Apollo as the browser's would (the same cache, the same shape).
  const client = new ApolloClient({ ssrMode: true, link: linkTo(execute), cache: createShopCache() });
  try {
    const results = await pageData(client, routerPath, buyerPage, locale, session);
    if (!results) return null;
    const store = new QueryStore(results, null);

    const i18n = createInstance();
    await i18n.init({
      resources: { [locale]: { translation: shells[locale] } },
      lng: locale,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
      initAsync: false,
    });
    // A buyer's page is beyond the first screen's texts: added as the browser adds them with its chunk (lib/i18n.ts).
    if (buyerPage) i18n.addResourceBundle(locale, 'translation', screens[locale], true, true);
    setRenderLocale(locale);
    setRenderedLayout(buyerPage ? layout : undefined);
    setRenderTimeZone(timeZone ?? SHOP_TIME_ZONE);
    const { prelude } = await prerender(
      <StrictMode>
        <Providers store={store} i18n={i18n}>
          <StaticRouter basename={ROUTER_BASENAME} location={`${ROUTER_BASENAME}${routerPath}`}>
            <AppRoutes flags={{ logout: false, orderToken: null }} />
          </StaticRouter>
        </Providers>
      </StrictMode>,
      // Everything inline: no part of the page may wait for a script to be revealed.
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    const { html, head } = hoistEmotionStyles(await new Response(prelude).text());
    const detail = matchPath('/bookDetail/:bookId', routerPath);
    const book = detail ? (results[resultKey(BOOK, { id: detail.params.bookId ?? '', language: locale })] as ResultOf<typeof BOOK> | undefined)?.book : null;
    return { html, head, state: results, routerPath, meta: pageMeta(routerPath, locale, book) };
  } finally {
    setRenderLocale(null);
    setRenderedLayout(undefined);
    setRenderTimeZone(null);
    client.stop();
  }
}
