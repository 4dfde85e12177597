import type { Client } from './http.js';

export const CHECKOUT = `mutation($i: CheckoutInput!) {
  checkout(input: $i) {
    reused
    order { orderNo status amount amountCents currency payType paymentMethod bookId bookName format country buyerEmail downloadable expiresAt }
    paymentIntent { id status method amount currency payee nextAction { type codeUrl body href reference paySign { appId timeStamp nonceStr package signType paySign } } }
  }
}`;

export interface CheckoutAnswer {
  checkout: {
    reused: boolean;
    order: {
      orderNo: string;
      status: string;
      amount: string;
      amountCents: number;
      currency: string;
      payType: number;
      paymentMethod: string;
      bookId: string;
      downloadable: boolean;
    };
    paymentIntent: {
      id: string;
      status: string;
      method: string;
      nextAction: {
        type: string;
        codeUrl: string | null;
        body: string | null;
        href: string | null;
        reference: string | null;
        paySign: Record<string, string> | null;
      };
    };
  };
}

export const purchaseInfo = { streetNumber: 'Hauptstr. 1', zip: '10115', town: 'Berlin', country: 'Germany' };

export function checkoutInput(overrides: Record<string, unknown> = {}) {
  return { bookId: '1', format: 'EBOOK', country: 'Germany', paymentMethod: 'BANK_TRANSFER', purchaseInfo, ...overrides };
}

export async function buy(c: Client, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const saved = c.headers;
  c.headers = { ...saved, ...headers };
  try {
    return await c.gql<CheckoutAnswer>(CHECKOUT, { i: checkoutInput(overrides) });
  } finally {
    c.headers = saved;
  }
}
