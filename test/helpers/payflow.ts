import { parseHtmlForm, submitHtmlForm } from '@shop/sandboxes/alipay/index';
import type { TestStack } from './stack.js';
import type { CheckoutAnswer } from './orders.js';
import { eventually } from './tmp.js';

export type Faults = Record<string, unknown>;
type Checkout = CheckoutAnswer['checkout'];

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

export interface Driver {
  method: 'WECHAT_NATIVE' | 'ALIPAY' | 'PAYPAL';
  provider: 'wechat' | 'alipay' | 'paypal';
  /** The buyer pays in the sandbox; the sandbox's callbacks carry `faults`. */
  pay(stack: TestStack, c: Checkout, faults?: Faults): Promise<void>;
}

async function outTradeNo(stack: TestStack, intentId: string): Promise<{ out_trade_no: string; provider_ref: string | null }> {
  return stack.db.selectFrom('payment_intents').select(['out_trade_no', 'provider_ref']).where('id', '=', intentId).executeTakeFirstOrThrow();
}

export const drivers: Driver[] = [
  {
    method: 'WECHAT_NATIVE',
    provider: 'wechat',
    async pay(stack, c, faults) {
      const { out_trade_no } = await outTradeNo(stack, c.paymentIntent.id);
      await post(`${stack.sandboxes!.url}/wechat/_control/orders/${out_trade_no}/pay`, { faults });
    },
  },
  {
    method: 'ALIPAY',
    provider: 'alipay',
    async pay(stack, c, faults) {
      // The buyer's browser submits the page-pay form: that opens the cashier and creates the trade.
      const opened = await submitHtmlForm(parseHtmlForm(c.paymentIntent.nextAction.body!));
      if (opened.status !== 200) throw new Error(`cashier did not open: ${opened.status}`);
      const { out_trade_no } = await outTradeNo(stack, c.paymentIntent.id);
      // The cross-border (MAPI) sandbox calls a forged signature badSignature.
      const forex = stack.sandboxes!.adapters.alipay.setup === 'overseas';
      const mapped = forex && faults && 'badSign' in faults ? { ...faults, badSign: undefined, badSignature: faults.badSign } : faults;
      await post(`${stack.sandboxes!.url}/alipay/_control/pay`, { outTradeNo: out_trade_no, faults: mapped });
    },
  },
  {
    method: 'PAYPAL',
    provider: 'paypal',
    async pay(stack, c, faults) {
      const { provider_ref } = await outTradeNo(stack, c.paymentIntent.id);
      const base = `${stack.sandboxes!.url}/paypal/_control`;
      // The PayPal sandbox calls the reordering fault 'reorder'.
      const mapped = faults && 'reordered' in faults ? { ...faults, reordered: undefined, reorder: faults.reordered } : faults;
      await fetch(`${base}/faults`, { method: 'DELETE' });
      if (mapped) await post(`${base}/faults`, mapped);
      await post(`${base}/orders/${provider_ref}/approve`, {});
    },
  },
];

export async function waitPaid(stack: TestStack, orderNo: string, timeoutMs = 20_000): Promise<void> {
  await eventually(
    `order ${orderNo} paid`,
    async () => (await stack.db.selectFrom('orders').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).status === 'paid',
    timeoutMs,
  );
}

export async function paidTransitions(stack: TestStack, orderNo: string): Promise<number> {
  const rows = await stack.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select('order_events.id')
    .where('orders.order_no', '=', orderNo)
    .where('order_events.type', '=', 'paid')
    .execute();
  return rows.length;
}

export async function eventOutcomes(stack: TestStack, provider: string): Promise<string[]> {
  return (await stack.db.selectFrom('provider_events').select('outcome').where('provider', '=', provider).orderBy('id').execute()).map((r) => r.outcome);
}
