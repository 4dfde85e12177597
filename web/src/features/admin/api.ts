import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Invoice } from '../../lib/invoice';

export type OrderStatus = 'PENDING_PAYMENT' | 'PAID' | 'EXPIRED';
export type Provider = 'WECHAT' | 'ALIPAY' | 'PAYPAL' | 'BANK_TRANSFER';
export type ShippingStatus = 'NOT_SHIPPED' | 'SHIPPED';
export type MirrorStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

export interface AdminOrderFilter {
  status?: OrderStatus;
  payType?: number;
  provider?: Provider;
  shippingStatus?: ShippingStatus;
  createdFrom?: string;
  createdTo?: string;
  search?: string;
}

export interface AdminOrder {
  orderNo: string;
  createdAt: string;
  bookName: string;
  format: 'EBOOK' | 'PAPER';
  country: string;
  quantity: number;
  payType: number;
  provider: Provider | null;
  amount: string;
  currency: string;
  status: OrderStatus;
  shippingStatus: ShippingStatus;
  buyerEmail: string;
  buyerName: string;
  remarks: string | null;
  paidAt: string | null;
  shippedAt: string | null;
  bankReference: string | null;
  providerRef: string | null;
  completionRequested: boolean;
  canCompleteBankTransfer: boolean;
  canMarkShipped: boolean;
  /** Only asked for by the detail dialog. */
  invoiceRequired?: boolean;
  invoice?: Invoice | null;
  refundedAt?: string | null;
  canRefund?: boolean;
  attempts?: PaymentAttempt[];
}

export type RefundStatus = 'REQUESTED' | 'PENDING' | 'SUCCEEDED' | 'FAILED';
export type RefundKind = 'ORDER' | 'DUPLICATE_PAYMENT';

export interface AdminRefund {
  refundNo: string;
  kind: RefundKind;
  status: RefundStatus;
  amount: string;
  currency: string;
  reference: string | null;
  reason: string | null;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface PaymentAttempt {
  id: string;
  outTradeNo: string;
  provider: string;
  status: string;
  amount: string;
  currency: string;
  orderAmount: string | null;
  orderCurrency: string | null;
  exchangeRate: string | null;
  exchangeRateSource: string | null;
  exchangeRateDate: string | null;
  payerAmount: string | null;
  payerCurrency: string | null;
  payerRate: string | null;
  role: RefundKind | null;
  canRefund: boolean;
  refunds: AdminRefund[];
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

// Fragments are put into the documents at build time (vite.config.ts, precompileGql).
const ADMIN_ORDER_FIELDS = gql`
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
  }
`;

export const ADMIN_ORDERS: TypedDocumentNode<{ adminOrders: Paged<AdminOrder> }, { filter: AdminOrderFilter; page: number; pageSize: number }> = gql`
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
  ${ADMIN_ORDER_FIELDS}
`;

const REFUND_FIELDS = gql`
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
`;

export const ADMIN_ORDER: TypedDocumentNode<{ adminOrder: AdminOrder | null }, { orderNo: string }> = gql`
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
        invoiceType
        pickupMethod
        invoicePayable
        taxpayerInden
        services
        registeredOffice
        financePhone
        accountOpeningBank
        bankAccount
        recipientName
        contactArea
        contactPhone
        contactMail
        province
        city
        area
        detailedAddress
      }
    }
  }
  ${ADMIN_ORDER_FIELDS}
  ${REFUND_FIELDS}
`;

export interface AuditEvent {
  id: string;
  type: string;
  actorType: 'SYSTEM' | 'BUYER' | 'OPERATOR' | 'PROVIDER';
  actorId: string | null;
  actorEmail: string | null;
  createdAt: string;
  before: string | null;
  after: string | null;
  data: string | null;
}

const AUDIT_EVENT_FIELDS = gql`
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
`;

export const ORDER_EVENTS: TypedDocumentNode<{ orderEvents: AuditEvent[] }, { orderNo: string }> = gql`
  query OrderEvents($orderNo: ID!) {
    orderEvents(orderNo: $orderNo) {
      ...AuditEventFields
    }
  }
  ${AUDIT_EVENT_FIELDS}
`;

/** The answer of an order action: only the fields an action changes, merged into the cache. */
type OrderChange = { changed: boolean; order: Pick<AdminOrder, 'orderNo' | 'status' | 'shippingStatus' | 'shippedAt' | 'paidAt' | 'providerRef' | 'completionRequested' | 'canCompleteBankTransfer' | 'canMarkShipped'> };

export const MARK_SHIPPED: TypedDocumentNode<{ markOrderShipped: OrderChange }, { orderNo: string }> = gql`
  mutation MarkOrderShipped($orderNo: ID!) {
    markOrderShipped(orderNo: $orderNo) {
      changed
      order {
        orderNo
        status
        shippingStatus
        shippedAt
        paidAt
        providerRef
        completionRequested
        canCompleteBankTransfer
        canMarkShipped
      }
    }
  }
`;

export const MARK_BANK_TRANSFER: TypedDocumentNode<{ markBankTransferCompleted: OrderChange }, { orderNo: string; reference: string }> = gql`
  mutation MarkBankTransferCompleted($orderNo: ID!, $reference: String!) {
    markBankTransferCompleted(orderNo: $orderNo, reference: $reference) {
      changed
      order {
        orderNo
        status
        shippingStatus
        shippedAt
        paidAt
        providerRef
        completionRequested
        canCompleteBankTransfer
        canMarkShipped
      }
    }
  }
`;

export interface RegistrationMirror {
  userId: string;
  email: string | null;
  name: string;
  status: MirrorStatus;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  succeededAt: string | null;
  createdAt: string;
}

export const REGISTRATION_MIRRORS: TypedDocumentNode<{ registrationMirrors: Paged<RegistrationMirror> }, { status?: MirrorStatus; page: number; pageSize: number }> = gql`
  query RegistrationMirrors($status: MirrorStatus, $page: Int, $pageSize: Int) {
    registrationMirrors(status: $status, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
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
    }
  }
`;

export const RETRY_MIRROR: TypedDocumentNode<{ retryRegistrationMirror: { changed: boolean; mirror: RegistrationMirror } }, { userId: string }> = gql`
  mutation RetryRegistrationMirror($userId: ID!) {
    retryRegistrationMirror(userId: $userId) {
      changed
      mirror {
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
    }
  }
`;

export const MIRROR_EVENTS: TypedDocumentNode<{ registrationMirrorEvents: AuditEvent[] }, { userId: string }> = gql`
  query RegistrationMirrorEvents($userId: ID!) {
    registrationMirrorEvents(userId: $userId) {
      ...AuditEventFields
    }
  }
  ${AUDIT_EVENT_FIELDS}
`;

type RefundChange = { changed: boolean; refund: AdminRefund; order: Pick<AdminOrder, 'orderNo' | 'status'> };

export const REFUND_ORDER: TypedDocumentNode<{ refundOrder: RefundChange }, { orderNo: string; reason?: string; reference?: string }> = gql`
  mutation RefundOrder($orderNo: ID!, $reason: String, $reference: String) {
    refundOrder(orderNo: $orderNo, reason: $reason, reference: $reference) {
      changed
      refund {
        ...AdminRefundFields
      }
      order {
        orderNo
        status
      }
    }
  }
  ${REFUND_FIELDS}
`;

export const REFUND_DUPLICATE: TypedDocumentNode<{ refundDuplicatePayment: RefundChange }, { orderNo: string; attemptId: string; reason?: string; reference?: string }> = gql`
  mutation RefundDuplicatePayment($orderNo: ID!, $attemptId: ID!, $reason: String, $reference: String) {
    refundDuplicatePayment(orderNo: $orderNo, attemptId: $attemptId, reason: $reason, reference: $reference) {
      changed
      refund {
        ...AdminRefundFields
      }
      order {
        orderNo
        status
      }
    }
  }
  ${REFUND_FIELDS}
`;
