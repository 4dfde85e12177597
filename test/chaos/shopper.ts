import { parseHtmlForm, submitHtmlForm } from '@shop/sandboxes/alipay/index';
import type { Db } from '@shop/db';
import { createSession } from '../../gateway/src/services/accounts/sessions.js';
import type { ServiceDeps } from '../../gateway/src/services/deps.js';
import { CHECKOUT, checkoutInput, type CheckoutAnswer } from '../helpers/orders.js';

// A buyer as the chaos test plays it: checkout over GraphQL with a bearer session, retried with the
// same Idempotency-Key until it gets an answer (the gateway may be without PostgreSQL or Redis for
// a moment), then paying in the provider's sandbox as the buyer's phone or browser would, with
// duplicated callbacks, and asking the result page at the same time as callbacks and polls arrive.

export type Method = 'WECHAT_NATIVE' | 'ALIPAY' | 'PAYPAL';
export type Checkout = CheckoutAnswer['checkout'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Buyers straight into the database with a session each (the mail flow is not under test here). */
export async function createBuyers(db: Db, n: number, tag: string): Promise<{ id: number; token: string }[]> {
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `chaos-${tag}-${i}@example.com`,
        first_name: 'Chaos',
        last_name: `Buyer ${i}`,
        password_hash: 'not-used',
      })),
    )
    .returning('id')
    .execute();
  const deps = { db, config: { sessionTtlHours: 24 } } as unknown as ServiceDeps;
  return Promise.all(users.map(async (u) => ({ id: u.id, token: (await createSession(deps, u.id)).token })));
}

/** Errors after which a retry cannot help: they would mean a bug, so the run fails. */
const fatalCodes = new Set(['ALREADY_BOUGHT', 'IDEMPOTENCY_KEY_REUSED', 'BAD_USER_INPUT', 'NOT_FOUND', 'PAPER_BOOK', 'UNAUTHENTICATED']);

export class FatalCheckoutError extends Error {}

export async function checkoutWithRetries(
  base: string,
  token: string,
  key: string,
  input: { bookId: string; paymentMethod: Method },
  deadline: number,
  stats: { retries: number },
): Promise<Checkout> {
  for (;;) {
    let problem: string;
    try {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
        body: JSON.stringify({ query: CHECKOUT, variables: { i: checkoutInput(input) } }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await res.json().catch(() => null)) as {
        data?: CheckoutAnswer | null;
        errors?: { message: string; extensions?: { code?: string } }[];
      } | null;
      const checkout = body?.data?.checkout;
      if (checkout) return checkout;
      const code = body?.errors?.[0]?.extensions?.code;
      if (code && fatalCodes.has(code)) throw new FatalCheckoutError(`checkout ${key}: ${code} ${body?.errors?.[0]?.message}`);
      problem = `HTTP ${res.status} ${code ?? ''} ${body?.errors?.[0]?.message ?? ''}`;
    } catch (err) {
      if (err instanceof FatalCheckoutError) throw err;
      problem = (err as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`checkout ${key} never succeeded: ${problem}`);
    stats.retries++;
    await sleep(250 + Math.random() * 500);
  }
}

async function post(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
}

/** Reads what the buyer's device would have been given (trade number, PayPal order id), retrying while PostgreSQL is away. */
async function intentRef(db: Db, intentId: string): Promise<{ out_trade_no: string; provider_ref: string | null }> {
  for (let i = 0; ; i++) {
    try {
      return await db.selectFrom('payment_intents').select(['out_trade_no', 'provider_ref']).where('id', '=', intentId).executeTakeFirstOrThrow();
    } catch (err) {
      if (i > 100) throw err;
      await sleep(200);
    }
  }
}

/**
 * The buyer pays in the sandbox; WeChat and Alipay callbacks come three times each (PayPal's
 * duplicate switch is global), or never with `lost`, which leaves the order to the poller.
 */
export async function pay(sandboxUrl: string, db: Db, method: Method, c: Checkout, lost = false): Promise<void> {
  const { out_trade_no, provider_ref } = await intentRef(db, c.paymentIntent.id);
  const faults = lost ? { drop: true } : { duplicate: 3 };
  if (method === 'WECHAT_NATIVE') return post(`${sandboxUrl}/wechat/_control/orders/${out_trade_no}/pay`, { faults });
  if (method === 'ALIPAY') {
    const opened = await submitHtmlForm(parseHtmlForm(c.paymentIntent.nextAction.body!));
    if (opened.status !== 200) throw new Error(`alipay cashier did not open: ${opened.status}`);
    return post(`${sandboxUrl}/alipay/_control/pay`, { outTradeNo: out_trade_no, faults });
  }
  return post(`${sandboxUrl}/paypal/_control/orders/${provider_ref}/approve`, {});
}

/** The result page asking "paid yet?" while callbacks and polls race; failures do not matter here. */
export async function askResultPage(base: string, token: string, orderNo: string): Promise<void> {
  await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: 'mutation($r: ID!) { checkPayment(reference: $r) { paid } }', variables: { r: orderNo } }),
    signal: AbortSignal.timeout(15_000),
  }).catch(() => undefined);
}
