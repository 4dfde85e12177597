import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PurchaseInfoValue } from '../../lib/purchase-info';

export interface PaperBook {
  id: string;
  title: string;
  price: string;
  currency: string;
}

export interface AdminCountry {
  code: string;
  en: string;
  cn: string;
}

export const PAPER_ORDER_CHOICES: TypedDocumentNode<{ books: PaperBook[]; countries: AdminCountry[] }, { language: 'zh' | 'en' }> = gql`
  query PaperOrderChoices($language: Language) {
    books(language: $language) {
      id
      title
      price
      currency
    }
    countries {
      code
      en
      cn
    }
  }
`;

export interface RecordPaperOrderInput {
  buyerEmail: string;
  bookId: string;
  language: 'zh' | 'en';
  country: string;
  quantity: number;
  remarks: string | null;
  markPaid: boolean;
  paymentReference: string | null;
  purchaseInfo: PurchaseInfoValue;
}

export const RECORD_PAPER_ORDER: TypedDocumentNode<
  { recordPaperOrder: { changed: boolean; order: { orderNo: string; amount: string; currency: string; status: string } } },
  { input: RecordPaperOrderInput }
> = gql`
  mutation RecordPaperOrder($input: RecordPaperOrderInput!) {
    recordPaperOrder(input: $input) {
      changed
      order {
        orderNo
        amount
        currency
        status
      }
    }
  }
`;
