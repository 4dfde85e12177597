import type { BankAccount, CheckoutResult, PaySign } from './api';
import { PREVIOUS_PARAMS, type PreviousPayment } from '../../components/ui/PreviousPaymentNotice';
import { storedLocale } from '../../lib/i18n';

// What to do after a successful checkout (spec section 4, "After a successful submit").

export type AfterCheckout =
  | { kind: 'qr'; path: string }
  | { kind: 'jsapi'; paySign: PaySign; orderNo: string }
  | { kind: 'form'; body: string }
  | { kind: 'redirect'; href: string }
  | { kind: 'offline'; reference: string | null; amount: string; currency: string; payBy: string; bankAccount: BankAccount | null }
  | { kind: 'done' };

/** An earlier payment of the order that stays payable (the checkout withdrew it but its provider cannot cancel it). */
export function previousPayment(r: Pick<CheckoutResult, 'previousPaymentOpenUntil' | 'previousPaymentProvider'>): PreviousPayment | null {
  return r.previousPaymentOpenUntil && r.previousPaymentProvider ? { provider: r.previousPaymentProvider, until: r.previousPaymentOpenUntil } : null;
}

export function afterCheckout(r: CheckoutResult): AfterCheckout {
  const a = r.paymentIntent.nextAction;
  const orderNo = r.order.orderNo;
  if (r.order.status === 'PAID') return { kind: 'done' };
  if (a?.type === 'QR' && a.codeUrl) {
    const q = new URLSearchParams({ orderNo, price: r.paymentIntent.amount, currency: r.paymentIntent.currency, codeUrl: a.codeUrl });
    const previous = previousPayment(r);
    if (previous) {
      q.set(PREVIOUS_PARAMS.until, previous.until);
      q.set(PREVIOUS_PARAMS.provider, previous.provider);
    }
    return { kind: 'qr', path: `/views/pay/WxNativePay?${q}` };
  }
  if (a?.type === 'JSAPI' && a.paySign) return { kind: 'jsapi', paySign: a.paySign, orderNo };
  if (a?.type === 'FORM' && a.body) return { kind: 'form', body: a.body };
  if (a?.type === 'REDIRECT' && a.href) return { kind: 'redirect', href: a.href };
  if (a?.type === 'OFFLINE')
    return {
      kind: 'offline',
      reference: a.reference ?? r.order.bankReference,
      amount: r.order.amount,
      currency: r.order.currency,
      // The order waits this long for the money (BANK_TRANSFER_EXPIRY_DAYS): the day to pay by.
      payBy: r.order.expiresAt,
      bankAccount: a.bankAccount ?? null,
    };
  return { kind: 'done' };
}

/** Writes the provider's auto-submitting form (Alipay page pay) into the page and submits it. */
export function submitProviderForm(body: string): void {
  const holder = document.createElement('div');
  holder.style.display = 'none';
  holder.innerHTML = body; // markup from our own server: the provider's signed form
  document.body.appendChild(holder);
  // Scripts written with innerHTML do not run, so submit the form ourselves.
  holder.querySelector('form')?.submit();
}

interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', args: PaySign, cb: (res: { err_msg: string }) => void): void;
}

/** The in-app WeChat payment; resolves true when WeChat reports success. */
export function payInWeChat(paySign: PaySign): Promise<boolean> | null {
  const bridge = (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge;
  if (!bridge) return null;
  return new Promise((resolve) => bridge.invoke('getBrandWCPayRequest', paySign, (res) => resolve(res.err_msg === 'get_brand_wcpay_request:ok')));
}

/**
 * The gateway's start of WeChat web authorization: it sends the buyer to WeChat, which sends them
 * back here with the payer verified on the session; the buyer then pays as before.
 */
export function wechatAuthorizeUrl(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `/api/wechat/oauth/authorize?${new URLSearchParams({ returnTo: here, lang: storedLocale() })}`;
}
