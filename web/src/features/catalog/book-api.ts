import { graphql, type ResultOf } from '../../lib/graphql';
import { CATALOG_BOOK } from './api';

// The book page's query, apart from the book list's (api.ts): each page's chunk carries its own.

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
