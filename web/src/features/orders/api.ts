import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Invoice } from '../../lib/invoice';

export type OrderStatus = 'PENDING_PAYMENT' | 'PAID' | 'EXPIRED';
export type PaymentMethod = 'WECHAT_NATIVE' | 'WECHAT_JSAPI' | 'ALIPAY' | 'PAYPAL' | 'BANK_TRANSFER';

export interface OrderRow {
  orderNo: string;
  createdAt: string;
  bookId: string;
  bookName: string;
  format: 'EBOOK' | 'PAPER';
  country: string;
  payType: number;
  paymentMethod: PaymentMethod | null;
  amount: string;
  currency: string;
  status: OrderStatus;
  buyerEmail: string;
  ebookPassword: string | null;
  downloadable: boolean;
  downloadUrl: string | null;
}

export interface OrderFilter {
  status?: OrderStatus;
  payType?: number;
}

export const ORDERS: TypedDocumentNode<
  { orders: { items: OrderRow[]; total: number; page: number; pageSize: number } },
  { filter: OrderFilter; page: number; pageSize: number }
> = gql`
  query MyOrders($filter: OrderFilter, $page: Int, $pageSize: Int) {
    orders(filter: $filter, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        orderNo
        createdAt
        bookId
        bookName
        format
        country
        payType
        paymentMethod
        amount
        currency
        status
        buyerEmail
        ebookPassword
        downloadable
        downloadUrl
      }
    }
  }
`;

export interface PurchaseInfo {
  streetNumber: string;
  zip: string;
  town: string;
  province: string | null;
  country: string;
  vatId: string | null;
  letterbox: string | null;
  landlineTel: string | null;
  mobileTel: string | null;
  purchaseOrderNo: string | null;
}

/** The purchase information of an order, with its invoice status and invoice info. */
export const PURCHASE_INFO: TypedDocumentNode<
  { purchaseInfo: PurchaseInfo | null; order: { orderNo: string; invoiceRequired: boolean; invoice: Invoice | null } | null },
  { orderNo: string }
> = gql`
  query PurchaseInfo($orderNo: ID!) {
    purchaseInfo(orderNo: $orderNo) {
      streetNumber
      zip
      town
      province
      country
      vatId
      letterbox
      landlineTel
      mobileTel
      purchaseOrderNo
    }
    order(orderNo: $orderNo) {
      orderNo
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
`;
