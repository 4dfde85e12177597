import type { ApolloClient } from '@apollo/client';

/** Starts the first queries of a page; `signedIn` is the answer to who is logged in. */
export type PagePrefetch = (client: ApolloClient, signedIn: Promise<boolean>) => void;

/**
 * The first data of a page rendered in the browser, by route path as in page-modules.ts: main.tsx
 * asks for it as soon as the Apollo client exists, with the rest of the start-up, instead of
 * after the page's first render. The page's own queries then find the answer in the cache, or
 * join the same request in flight. Each module is small (its query documents) and loaded at once.
 */
const pageData: Record<string, () => Promise<{ prefetch: PagePrefetch }>> = {
  orders: () => import('../features/orders/prefetch'),
};

/** The prefetch of the page at `path` (lower case, under the router's basename), loading now. */
export function loadPagePrefetch(path: string): Promise<PagePrefetch> | null {
  const load = pageData[path];
  return load ? load().then((m) => m.prefetch) : null;
}
