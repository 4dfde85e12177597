import { graphql, type ResultOf } from '../../lib/graphql';

const PAYMENT_CHECK_FIELDS = graphql(`
  fragment PaymentCheckFields on PaymentCheck {
    paid
    orderNo
    bookId
    status
    retryHref
    duplicate
    message
  }
`);

/** `status`: succeeded, pending, failed, closed or expired. */
export type PaymentCheck = ResultOf<typeof PAYMENT_CHECK_FIELDS>;

/** Asks the provider now (and settles) by order number, out_trade_no or PayPal token. */
export const CHECK_PAYMENT = graphql(
  `
    mutation CheckPayment($reference: ID!) {
      checkPayment(reference: $reference) {
        ...PaymentCheckFields
      }
    }
  `,
  [PAYMENT_CHECK_FIELDS],
);

export const QR_INTENT = graphql(`
  query QrIntent($orderNo: ID!) {
    paymentIntent(orderNo: $orderNo) {
      id
      status
      amount
      currency
      payee
      expiresAt
      payerAmount {
        amount
        currency
        exact
        rate
        rateDate
        rateSource
      }
      nextAction {
        type
        codeUrl
      }
    }
    order(orderNo: $orderNo) {
      orderNo
      amount
      currency
    }
  }
`);

export type QrIntent = NonNullable<ResultOf<typeof QR_INTENT>['paymentIntent']>;

export const PAID_ORDER = graphql(`
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
`);

export type PaidOrder = NonNullable<ResultOf<typeof PAID_ORDER>['order']>;

/**
 * The same answer as checkPayment, pushed over the GraphQL WebSocket: the state now, then every
 * change, completing after a final state (see live.ts).
 */
export const PAYMENT_STATUS = graphql(
  `
    subscription PaymentStatus($reference: ID!) {
      paymentStatus(reference: $reference) {
        ...PaymentCheckFields
      }
    }
  `,
  [PAYMENT_CHECK_FIELDS],
);
