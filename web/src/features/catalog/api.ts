import type { QueryPolicy } from '../../lib/data/query-store';
import { graphql, type ResultOf } from '../../lib/graphql';
import { useSession } from '../../lib/session';

export type Format = 'EBOOK' | 'PAPER';

const ASK_AGAIN_ONCE: QueryPolicy = { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' };
const CACHED: QueryPolicy = { fetchPolicy: 'cache-first' };

/**
 * How the book list and page read their query. They may start from the answers the gateway
 * rendered their HTML with, which are a guest's: asked again once, so a logged-in buyer sees what
 * they bought. When the gateway rendered the page for a guest (it then embeds `me: null` with the
 * answers) those answers are already the visitor's, and asking again would only load Apollo and
 * redo the page's work on a phone. A login resets the store, which asks again anyway.
 */
export function useCatalogFetchPolicy(): QueryPolicy {
  const { user, loading } = useSession();
  return !loading && !user ? CACHED : ASK_AGAIN_ONCE;
}

/** What a book card shows (the list and the page both select it). */
export const CATALOG_BOOK = graphql(`
  fragment CatalogBook on Book {
    id
    title
    titleEn
    titleZh
    introduction
    cover
    price
    priceCents
    currency
    vatText
    ebookPurchased
    ebookPassword
  }
`);

export type CatalogBook = ResultOf<typeof CATALOG_BOOK>;

export const BOOKS = graphql(
  `
    query Books($language: Language) {
      books(language: $language) {
        ...CatalogBook
      }
    }
  `,
  [CATALOG_BOOK],
);
