import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql';
import { INVOICE_FIELDS, ISSUED_INVOICE_FIELDS } from '../../lib/invoice';

export const ORDERS = graphql(
  `
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
          invoiceStatus
          issuedInvoice {
            ...IssuedInvoiceFields
          }
          refunds {
            amount
            currency
            kind
            status
            completedAt
          }
        }
      }
    }
  `,
  [ISSUED_INVOICE_FIELDS],
);

export type OrderRow = ResultOf<typeof ORDERS>['orders']['items'][number];
export type OrderStatus = OrderRow['status'];
export type OrderRefund = OrderRow['refunds'][number];
export type PaymentMethod = NonNullable<OrderRow['paymentMethod']>;
export type OrderFilter = NonNullable<VariablesOf<typeof ORDERS>['filter']>;

/** The purchase information of an order, with its invoice status and invoice info. */
export const PURCHASE_INFO = graphql(
  `
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
          ...InvoiceFields
        }
        invoiceStatus
        issuedInvoice {
          ...IssuedInvoiceFields
        }
      }
    }
  `,
  [INVOICE_FIELDS, ISSUED_INVOICE_FIELDS],
);

export type PurchaseInfo = NonNullable<ResultOf<typeof PURCHASE_INFO>['purchaseInfo']>;
