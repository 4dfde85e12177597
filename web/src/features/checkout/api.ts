import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Invoice } from '../../lib/invoice';

export type PaymentMethod = 'WECHAT_NATIVE' | 'WECHAT_JSAPI' | 'ALIPAY' | 'PAYPAL' | 'BANK_TRANSFER';
export type BookFormat = 'EBOOK' | 'PAPER';
export type OrderStatus = 'PENDING_PAYMENT' | 'PAID' | 'EXPIRED';

export interface Country {
  code: string;
  en: string;
  cn: string;
}

export const COUNTRIES: TypedDocumentNode<{ countries: Country[] }> = gql`
  query Countries {
    countries {
      code
      en
      cn
    }
  }
`;

export interface PurchaseInfoInput {
  streetNumber: string;
  zip: string;
  town: string;
  province?: string | null;
  country: string;
  vatId?: string | null;
  letterbox?: string | null;
  landlineTel?: string | null;
  mobileTel?: string | null;
  purchaseOrderNo?: string | null;
}

export interface CheckoutInput {
  bookId: string;
  format: BookFormat;
  language: 'zh' | 'en';
  country: string;
  paymentMethod: PaymentMethod;
  purchaseInfo?: PurchaseInfoInput;
  invoice?: Invoice;
  openId?: string;
}

export interface PaySign {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

export interface NextAction {
  type: 'QR' | 'JSAPI' | 'FORM' | 'REDIRECT' | 'OFFLINE' | 'NONE';
  codeUrl: string | null;
  paySign: PaySign | null;
  body: string | null;
  href: string | null;
  reference: string | null;
  bankAccount: BankAccount | null;
}

export interface BankAccount {
  payee: string;
  bank: string;
  iban: string;
  bic: string;
}

export interface CheckoutResult {
  reused: boolean;
  order: { orderNo: string; status: OrderStatus; amount: string; currency: string; expiresAt: string; bankReference: string | null };
  paymentIntent: { id: string; method: PaymentMethod; status: string; amount: string; currency: string; payee: string; nextAction: NextAction | null };
}

export const CHECKOUT: TypedDocumentNode<{ checkout: CheckoutResult }, { input: CheckoutInput }> = gql`
  mutation Checkout($input: CheckoutInput!) {
    checkout(input: $input) {
      reused
      order {
        orderNo
        status
        amount
        currency
        expiresAt
        bankReference
      }
      paymentIntent {
        id
        method
        status
        amount
        currency
        payee
        nextAction {
          type
          codeUrl
          body
          href
          reference
          bankAccount {
            payee
            bank
            iban
            bic
          }
          paySign {
            appId
            timeStamp
            nonceStr
            package
            signType
            paySign
          }
        }
      }
    }
  }
`;

export const ORDER_STATUS: TypedDocumentNode<{ order: { orderNo: string; status: OrderStatus; bookId: string; format: BookFormat } | null }, { orderNo: string }> = gql`
  query StoredOrderStatus($orderNo: ID!) {
    order(orderNo: $orderNo) {
      orderNo
      status
      bookId
      format
    }
  }
`;
