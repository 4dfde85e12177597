import { gql, type TypedDocumentNode } from '@apollo/client';

export interface PaymentCheck {
  paid: boolean;
  orderNo: string | null;
  bookId: string | null;
  /** succeeded, pending, failed, closed, expired */
  status: string | null;
  retryHref: string | null;
  message: string;
}

/** Asks the provider now (and settles) by order number, out_trade_no or PayPal token. */
export const CHECK_PAYMENT: TypedDocumentNode<{ checkPayment: PaymentCheck }, { reference: string }> = gql`
  mutation CheckPayment($reference: ID!) {
    checkPayment(reference: $reference) {
      paid
      orderNo
      bookId
      status
      retryHref
      message
    }
  }
`;

export interface QrIntent {
  id: string;
  status: string;
  amount: string;
  currency: string;
  payee: string;
  nextAction: { type: string; codeUrl: string | null } | null;
}

export const QR_INTENT: TypedDocumentNode<{ paymentIntent: QrIntent | null }, { orderNo: string }> = gql`
  query QrIntent($orderNo: ID!) {
    paymentIntent(orderNo: $orderNo) {
      id
      status
      amount
      currency
      payee
      nextAction {
        type
        codeUrl
      }
    }
  }
`;

export interface PaidOrder {
  orderNo: string;
  bookId: string;
  bookName: string;
  format: 'EBOOK' | 'PAPER';
  amount: string;
  currency: string;
  downloadable: boolean;
  downloadUrl: string | null;
}

export const PAID_ORDER: TypedDocumentNode<{ order: PaidOrder | null }, { orderNo: string }> = gql`
  query PaidOrder($orderNo: ID!) {
    order(orderNo: $orderNo) {
      orderNo
      bookId
      bookName
      format
      amount
      currency
      downloadable
      downloadUrl
    }
  }
`;

/**
 * The same answer as checkPayment, pushed over the GraphQL WebSocket: the state now, then every
 * change, completing after a final state (see live.ts).
 */
export const PAYMENT_STATUS: TypedDocumentNode<{ paymentStatus: PaymentCheck }, { reference: string }> = gql`
  subscription PaymentStatus($reference: ID!) {
    paymentStatus(reference: $reference) {
      paid
      orderNo
      bookId
      status
      retryHref
      message
    }
  }
`;
