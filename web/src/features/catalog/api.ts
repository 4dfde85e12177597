import { gql, type TypedDocumentNode } from '@apollo/client';

export interface CatalogBook {
  id: string;
  title: string;
  titleEn: string;
  titleZh: string;
  introduction: string;
  cover: string;
  price: string;
  priceCents: number;
  currency: string;
  vatText: string;
  ebookPurchased: boolean;
  ebookPassword: string | null;
}

/** The book page's extra facts and, for a buyer who bought the e-book, that order. */
export interface BookDetails extends CatalogBook {
  description: string;
  edition: string | null;
  pages: number | null;
  isbn: string | null;
  publishedOn: string | null;
  paidEbookOrder: { orderNo: string; bookName: string; amount: string; currency: string; downloadable: boolean; downloadUrl: string | null } | null;
}

export type Format = 'EBOOK' | 'PAPER';

/**
 * The book list and page may start from the answers the gateway rendered their HTML with, which
 * are a guest's: asked again once, so a logged-in buyer sees what they bought.
 */
export const REFRESH_PRERENDERED = { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' } as const;

export const BOOKS: TypedDocumentNode<{ books: CatalogBook[] }, { language: 'zh' | 'en' }> = gql`
  query Books($language: Language) {
    books(language: $language) {
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
  }
`;

export const BOOK: TypedDocumentNode<{ book: BookDetails | null }, { id: string; language: 'zh' | 'en' }> = gql`
  query Book($id: ID!, $language: Language) {
    book(id: $id, language: $language) {
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
`;
