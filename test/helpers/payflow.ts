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

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Whether the sandbox has had every copy of a paid attempt's notifications answered (`copies` with
 * the duplicate fault): after that none of them can still arrive, so counting what they caused is
 * final. Read from the sandbox's own delivery log, which each provider keeps its own way.
 */
export async function allCopiesAnswered(stack: TestStack, provider: Driver['provider'], intentId: string, copies: number): Promise<boolean> {
  const sandbox = stack.sandboxes!.url;
  const { out_trade_no, provider_ref } = await outTradeNo(stack, intentId);
  if (provider === 'wechat') {
    const { deliveries } = await getJson<{ deliveries: Array<{ kind: string; eventId: string; copy: number; acknowledged: boolean }> }>(
      `${sandbox}/wechat/_control/deliveries?out_trade_no=${out_trade_no}`,
    );
    const answered = new Set(deliveries.filter((d) => d.kind === 'event' && d.acknowledged).map((d) => `${d.eventId}/${d.copy}`));
    return answered.size >= copies;
  }
  if (provider === 'alipay') {
    if (stack.sandboxes!.adapters.alipay.setup === 'overseas') {
      // The cross-border sandbox sends `copies` chains, each resent until the body `success`.
      const deliveries = await getJson<Array<{ outTradeNo: string; body: string }>>(`${sandbox}/alipay/_control/deliveries`);
      return deliveries.filter((d) => d.outTradeNo === out_trade_no && d.body === 'success').length >= copies;
    }
    // The domestic one sends its chain once acknowledged, and the duplicates as extra single shots.
    const deliveries = await getJson<Array<{ kind: string; acknowledged: boolean }>>(`${sandbox}/alipay/_control/deliveries?outTradeNo=${out_trade_no}`);
    return deliveries.some((d) => d.kind === 'delivery' && d.acknowledged) && deliveries.filter((d) => d.kind === 'duplicate').length >= copies;
  }
  // PayPal: every event about the order (its approval, its capture) sent in full.
  const events = (await getJson<Array<{ id: string; state: string; body: string; faults: { duplicate: number } }>>(`${sandbox}/paypal/_control/events`)).filter(
    (e) => e.body.includes(provider_ref!),
  );
  const log = await getJson<Array<{ eventId: string; copy: number; outcome: string }>>(`${sandbox}/paypal/_control/deliveries`);
  return (
    events.length > 0 &&
    events.every((e) => new Set(log.filter((l) => l.eventId === e.id && l.outcome === 'acked').map((l) => l.copy)).size >= Math.max(1, e.faults.duplicate))
  );
}

/**
 * A second open WeChat attempt of the order, as an order from before the close-first rule may hold
 * one (core now closes the older attempt before issuing a new one): made the way it was then, an
 * order at WeChat and its row in the ledger. Answers its out_trade_no.
 */
export async function legacySecondWechatAttempt(stack: TestStack, orderNo: string): Promise<string> {
  const order = await stack.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  const outTradeNo = `${orderNo}X9`;
  await stack.app.providers.wechat!.createAttempt({
    outTradeNo,
    orderNo,
    description: 'earlier attempt',
    amountCents: order.amount_cents,
    currency: order.currency,
    method: 'native',
    notifyUrl: `${stack.base}/api/pay/notify/wechat`,
    returnUrl: stack.base,
    expiresAt: order.expires_at,
  });
  await stack.db
    .insertInto('payment_intents')
    .values({
      order_id: order.id,
      provider: 'wechat',
      method: 'native',
      out_trade_no: outTradeNo,
      amount_cents: order.amount_cents,
      currency: order.currency,
      status: 'pending',
    })
    .execute();
  return outTradeNo;
}
