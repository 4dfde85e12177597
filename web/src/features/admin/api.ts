import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql';
import { INVOICE_FIELDS, ISSUED_INVOICE_FIELDS } from '../../lib/invoice';

export const ADMIN_ORDER_FIELDS = graphql(`
  fragment AdminOrderFields on AdminOrder {
    orderNo
    createdAt
    bookName
    format
    country
    quantity
    payType
    provider
    amount
    currency
    status
    shippingStatus
    buyerEmail
    buyerName
    remarks
    paidAt
    shippedAt
    bankReference
    providerRef
    completionRequested
    canCompleteBankTransfer
    canMarkShipped
    invoiceStatus
    canIssueInvoice
  }
`);

export const ADMIN_ORDERS = graphql(
  `
    query AdminOrders($filter: AdminOrderFilter, $page: Int, $pageSize: Int) {
      adminOrders(filter: $filter, page: $page, pageSize: $pageSize) {
        total
        page
        pageSize
        items {
          ...AdminOrderFields
        }
      }
    }
  `,
  [ADMIN_ORDER_FIELDS],
);

export type AdminOrderFilter = NonNullable<VariablesOf<typeof ADMIN_ORDERS>['filter']>;

const REFUND_FIELDS = graphql(`
  fragment AdminRefundFields on AdminRefund {
    refundNo
    kind
    status
    amount
    currency
    reference
    reason
    lastError
    createdAt
    completedAt
  }
`);

export type AdminRefund = ResultOf<typeof REFUND_FIELDS>;
export type RefundStatus = AdminRefund['status'];

export const ADMIN_ORDER = graphql(
  `
    query AdminOrder($orderNo: ID!) {
      adminOrder(orderNo: $orderNo) {
        ...AdminOrderFields
        refundedAt
        canRefund
        attempts {
          id
          outTradeNo
          provider
          status
          amount
          currency
          orderAmount
          orderCurrency
          exchangeRate
          exchangeRateSource
          exchangeRateDate
          payerAmount
          payerCurrency
          payerRate
          role
          canRefund
          refunds {
            ...AdminRefundFields
          }
        }
        invoiceRequired
        invoice {
          ...InvoiceFields
        }
        issuedInvoice {
          ...IssuedInvoiceFields
        }
      }
    }
  `,
  [ADMIN_ORDER_FIELDS, REFUND_FIELDS, INVOICE_FIELDS, ISSUED_INVOICE_FIELDS],
);

type AdminOrderDetail = NonNullable<ResultOf<typeof ADMIN_ORDER>['adminOrder']>;

/** An order of the console's list; the detail dialog's answer also has the detail-only fields. */
export type AdminOrder = ResultOf<typeof ADMIN_ORDER_FIELDS> &
  Partial<Pick<AdminOrderDetail, 'refundedAt' | 'canRefund' | 'attempts' | 'invoiceRequired' | 'invoice' | 'issuedInvoice'>>;
export type PaymentAttempt = AdminOrderDetail['attempts'][number];
export type OrderStatus = AdminOrder['status'];
export type Provider = NonNullable<AdminOrder['provider']>;
export type ShippingStatus = AdminOrder['shippingStatus'];
export type InvoiceStatus = AdminOrder['invoiceStatus'];

export const AUDIT_EVENT_FIELDS = graphql(`
  fragment AuditEventFields on AuditEvent {
    id
    type
    actorType
    actorId
    actorEmail
    createdAt
    before
    after
    data
  }
`);

export type AuditEvent = ResultOf<typeof AUDIT_EVENT_FIELDS>;

export const ORDER_EVENTS = graphql(
  `
    query OrderEvents($orderNo: ID!) {
      orderEvents(orderNo: $orderNo) {
        ...AuditEventFields
      }
    }
  `,
  [AUDIT_EVENT_FIELDS],
);

/** The answer of an order action: only the fields an action changes, merged into the cache. */
const ORDER_CHANGE_FIELDS = graphql(`
  fragment AdminOrderChangeFields on AdminOrder {
    orderNo
    status
    shippingStatus
    shippedAt
    paidAt
    providerRef
    completionRequested
    canCompleteBankTransfer
    canMarkShipped
    invoiceStatus
    canIssueInvoice
  }
`);

/** The answer of an order action: whether it changed anything, and the order's changed fields. */
const ORDER_CHANGE_RESULT = graphql(
  `
    fragment AdminOrderChangeResult on AdminOrderChange {
      changed
      order {
        ...AdminOrderChangeFields
      }
    }
  `,
  [ORDER_CHANGE_FIELDS],
);

export const RECORD_INVOICE_SHIPMENT = graphql(
  `
    mutation RecordInvoiceShipment($orderNo: ID!, $courier: String!, $trackingNo: String!) {
      recordInvoiceShipment(orderNo: $orderNo, courier: $courier, trackingNo: $trackingNo) {
        ...AdminOrderChangeResult
      }
    }
  `,
  [ORDER_CHANGE_RESULT],
);

export const MARK_SHIPPED = graphql(
  `
    mutation MarkOrderShipped($orderNo: ID!) {
      markOrderShipped(orderNo: $orderNo) {
        ...AdminOrderChangeResult
      }
    }
  `,
  [ORDER_CHANGE_RESULT],
);

export const MARK_BANK_TRANSFER = graphql(
  `
    mutation MarkBankTransferCompleted($orderNo: ID!, $reference: String!) {
      markBankTransferCompleted(orderNo: $orderNo, reference: $reference) {
        ...AdminOrderChangeResult
      }
    }
  `,
  [ORDER_CHANGE_RESULT],
);

const MIRROR_FIELDS = graphql(`
  fragment RegistrationMirrorFields on RegistrationMirror {
    userId
    email
    name
    status
    attempts
    lastError
    lastAttemptAt
    succeededAt
    createdAt
  }
`);

export type RegistrationMirror = ResultOf<typeof MIRROR_FIELDS>;
export type MirrorStatus = RegistrationMirror['status'];

export const REGISTRATION_MIRRORS = graphql(
  `
    query RegistrationMirrors($status: MirrorStatus, $page: Int, $pageSize: Int) {
      registrationMirrors(status: $status, page: $page, pageSize: $pageSize) {
        total
        page
        pageSize
        items {
          ...RegistrationMirrorFields
        }
      }
    }
  `,
  [MIRROR_FIELDS],
);

export const RETRY_MIRROR = graphql(
  `
    mutation RetryRegistrationMirror($userId: ID!) {
      retryRegistrationMirror(userId: $userId) {
        changed
        mirror {
          ...RegistrationMirrorFields
        }
      }
    }
  `,
  [MIRROR_FIELDS],
);

export const MIRROR_EVENTS = graphql(
  `
    query RegistrationMirrorEvents($userId: ID!) {
      registrationMirrorEvents(userId: $userId) {
        ...AuditEventFields
      }
    }
  `,
  [AUDIT_EVENT_FIELDS],
);

const REFUND_CHANGE_FIELDS = graphql(
  `
    fragment RefundChangeFields on AdminRefundChange {
      changed
      refund {
        ...AdminRefundFields
      }
      order {
        orderNo
        status
      }
    }
  `,
  [REFUND_FIELDS],
);

export const REFUND_ORDER = graphql(
  `
    mutation RefundOrder($orderNo: ID!, $reason: String, $reference: String) {
      refundOrder(orderNo: $orderNo, reason: $reason, reference: $reference) {
        ...RefundChangeFields
      }
    }
  `,
  [REFUND_CHANGE_FIELDS],
);

export const REFUND_DUPLICATE = graphql(
  `
    mutation RefundDuplicatePayment($orderNo: ID!, $attemptId: ID!, $reason: String, $reference: String) {
      refundDuplicatePayment(orderNo: $orderNo, attemptId: $attemptId, reason: $reason, reference: $reference) {
        ...RefundChangeFields
      }
    }
  `,
  [REFUND_CHANGE_FIELDS],
);
