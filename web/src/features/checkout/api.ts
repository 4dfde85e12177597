import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql';

export const COUNTRIES = graphql(`
  query Countries {
    countries {
      code
      en
      cn
    }
  }
`);

export type Country = ResultOf<typeof COUNTRIES>['countries'][number];

export const CHECKOUT = graphql(`
  mutation Checkout($input: CheckoutInput!) {
    checkout(input: $input) {
      reused
      previousPaymentOpenUntil
      previousPaymentProvider
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
            payeeAddress
            bank
            bankAddress
            iban
            bic
            charges
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
`);

export type CheckoutInput = VariablesOf<typeof CHECKOUT>['input'];
export type PurchaseInfoInput = NonNullable<CheckoutInput['purchaseInfo']>;
export type CheckoutResult = ResultOf<typeof CHECKOUT>['checkout'];
export type PaymentMethod = CheckoutInput['paymentMethod'];
export type BookFormat = CheckoutInput['format'];
export type OrderStatus = CheckoutResult['order']['status'];
export type NextAction = NonNullable<CheckoutResult['paymentIntent']['nextAction']>;
export type PaySign = NonNullable<NextAction['paySign']>;
export type BankAccount = NonNullable<NextAction['bankAccount']>;

export const ORDER_STATUS = graphql(`
  query StoredOrderStatus($orderNo: ID!) {
    order(orderNo: $orderNo) {
      orderNo
      status
      bookId
      format
    }
  }
`);
