import { graphql, type ResultOf } from '../../lib/graphql';

export type Format = 'EBOOK' | 'PAPER';

/**
 * The book list and page may start from the answers the gateway rendered their HTML with, which
 * are a guest's: asked again once, so a logged-in buyer sees what they bought.
 */
export const REFRESH_PRERENDERED = { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' } as const;

/** What a book card shows (the list and the page both select it). */
const CATALOG_BOOK = graphql(`
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

/** The book page's extra facts and, for a buyer who bought the e-book, that order. */
export const BOOK = graphql(
  `
    query Book($id: ID!, $language: Language) {
      book(id: $id, language: $language) {
        ...CatalogBook
        description
        edition
        pages
        isbn
        publishedOn
        paidEbookOrder {
          orderNo
          bookName
          amount
          currency
          downloadable
          downloadUrl
        }
      }
    }
  `,
  [CATALOG_BOOK],
);

export type BookDetails = NonNullable<ResultOf<typeof BOOK>['book']>;
