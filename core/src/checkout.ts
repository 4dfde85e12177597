import { sql, type Transaction } from 'kysely';
import type { Actor, Database, NewOrder, Order, PaymentIntent, ProviderName } from '@shop/db';
import type { Charge, CreateAttemptInput, CreatedAttempt } from '@shop/payments';
import { createAttempt, moveAttempt, openAttempts } from './attempt-ledger.js';
import type { CoreDeps } from './deps.js';
import { expireOrder, openOrder, reuseOrder, setBankReference } from './order-ledger.js';
import { LedgerRefusal } from './refusal.js';
import { closeAttempt, finishAttempt } from './settle.js';
import { inTransaction, type UnitOfWork } from './unit-of-work.js';

// A buyer's checkout: opens an order (or reuses the buyer's open one for the same book and
// format) and issues a payment attempt. A new attempt is issued only once every older open
// attempt of the order is closed at its provider (or was paid, which settles the order): the
// buyer can never hold two payable attempts for one order.

export interface CheckoutRequest {
  buyer: { id: number };
  book: { id: number; price_cents: number; currency: string };
  /** What the attempt asks the provider for: the book's price, or its conversion at a dated rate. */
  charge?: Charge;
  format: 'ebook' | 'paper';
  provider: ProviderName;
  method: string;
  payType: 2 | 3;
  /** The buyer's name for the method, kept in the order's trail. */
  paymentMethod: string;
  country: string;
  language: 'zh' | 'en';
  invoiceRequired: boolean;
  remarks: string | null;
  expiresAt: Date;
  newOrderNo: () => string;
  outTradeNo: (orderNo: string, attemptNo: number) => string;
  /** Writes the order's purchase details (address, invoice) in the checkout's transaction. */
  details?: (trx: Transaction<Database>, orderId: string) => Promise<void>;
  /** What the provider is asked for (URLs, description), once the order and the attempt exist. */
  attemptInput: (order: Order, intent: PaymentIntent) => CreateAttemptInput;
}

export interface CheckoutResult {
  order: Order;
  intent: PaymentIntent;
  reused: boolean;
  /** Older attempts of the order that stay payable at their providers until a time: the buyer is told. */
  withdrawn: WithdrawnAttempt[];
}

/** An attempt replaced although its provider could not close it; a payment of it is refunded automatically. */
export interface WithdrawnAttempt {
  id: string;
  provider: ProviderName;
  payableUntil: Date;
}

/** The withdrawn attempts with the time each stays payable, as the ledger recorded it. */
async function withStillPayable(deps: CoreDeps, withdrawn: WithdrawnAttempt[]): Promise<WithdrawnAttempt[]> {
  if (!withdrawn.length) return [];
  const rows = await deps.db
    .selectFrom('payment_intents')
    .select(['id', 'payable_until'])
    .where(
      'id',
      'in',
      withdrawn.map((w) => w.id),
    )
    .execute();
  return withdrawn.flatMap((w) => {
    const until = rows.find((r) => r.id === w.id)?.payable_until;
    return until ? [{ ...w, payableUntil: until }] : [];
  });
}

type Step = { kind: 'ready'; order: Order; intent: PaymentIntent; reused: boolean; fresh: boolean } | { kind: 'close-first'; attempts: PaymentIntent[] };

/** What a bank-transfer buyer quotes on the transfer: the order number. */
const bankReference = (orderNo: string) => orderNo;

/** Rounds of "close the older attempts, look again" before a checkout gives up (racing checkouts). */
const ROUNDS = 3;

async function prepare(deps: CoreDeps, { trx, enqueue }: UnitOfWork, req: CheckoutRequest, actor: Actor): Promise<Step> {
  // One checkout at a time per buyer, book and format: the reuse decision cannot be raced.
  await sql`select pg_advisory_xact_lock(hashtext(${`checkout:${req.buyer.id}:${req.book.id}:${req.format}`}))`.execute(trx);
  // One look at the buyer's orders of this book: a paid e-book refuses, an open order of this
  // format is reused (locked, so a settlement or expiry waits for this checkout).
  const rows = await trx
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', req.buyer.id)
    .where('book_id', '=', req.book.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('format', '=', 'ebook'), eb('status', '=', 'paid'), eb('refunded_at', 'is', null)]),
        eb.and([eb('format', '=', req.format), eb('status', '=', 'pending_payment')]),
      ]),
    )
    .forUpdate()
    .execute();
  if (rows.some((o) => o.status === 'paid')) throw new LedgerRefusal('already_bought');

  const now = new Date();
  let order: Order | undefined = rows.find((o) => o.status === 'pending_payment');
  if (order && order.expires_at <= now) {
    await expireOrder(trx, order.id, now);
    order = undefined;
  }
  const changes = {
    country: req.country,
    pay_type: req.payType,
    provider: req.provider,
    language: req.language,
    invoice_required: req.invoiceRequired,
    remarks: req.remarks,
    expires_at: req.expiresAt,
  };
  const data = { paymentMethod: req.paymentMethod };
  const charge = req.charge ?? { amountMinor: req.book.price_cents, currency: req.book.currency };
  let attemptNo = 1;
  const reused = !!order;
  if (order) {
    const open = await openAttempts(trx, order.id);
    // A changed rate is a new attempt too: the provider never sees another amount under one number.
    const replaced = open.filter(
      (a) => a.provider !== req.provider || a.method !== req.method || a.amount_cents !== charge.amountMinor || a.currency !== charge.currency,
    );
    // Nothing is written before the older attempts are closed: a failed close leaves all as it was.
    if (replaced.length) return { kind: 'close-first', attempts: replaced };
    const same = open.at(-1);
    if (same && !same.next_action) throw new LedgerRefusal('checkout_in_progress');
    order = await reuseOrder(trx, order.id, changes, actor, data);
    // The details given now replace the earlier ones, also when the open attempt is kept: the
    // order's invoice switch just changed, its invoice and address must change with it.
    if (req.details) await req.details(trx, order.id);
    if (same) return { kind: 'ready', order, intent: same, reused: true, fresh: false };
    const attempts = await trx
      .selectFrom('payment_intents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    attemptNo = Number(attempts.n) + 1;
  } else {
    const orderNo = req.newOrderNo();
    const values: NewOrder = {
      order_no: orderNo,
      user_id: req.buyer.id,
      book_id: req.book.id,
      format: req.format,
      unit_price_cents: req.book.price_cents,
      quantity: 1,
      amount_cents: req.book.price_cents,
      currency: req.book.currency,
      ...changes,
      ...(req.provider === 'bank_transfer' ? { bank_reference: bankReference(orderNo) } : {}),
    };
    order = await openOrder(trx, values, actor, { data });
    if (req.details) await req.details(trx, order.id);
  }
  const converted = charge.rate ? { order: { amountCents: order.amount_cents, currency: order.currency }, rate: charge.rate } : undefined;
  const intent = await createAttempt(
    trx,
    {
      orderId: order.id,
      provider: req.provider,
      method: req.method,
      outTradeNo: req.outTradeNo(order.order_no, attemptNo),
      amountCents: charge.amountMinor,
      currency: charge.currency,
      converted,
    },
    actor,
  );
  const provider = deps.providers[intent.provider];
  if (!provider?.offline) return { kind: 'ready', order, intent, reused, fresh: true };
  // Nobody is asked (bank transfer): the attempt is handed out in this transaction.
  const created = await provider.createAttempt(req.attemptInput(order, intent));
  const started = await markStarted(deps, { trx, enqueue }, order, intent, created, 'created');
  if (!started) throw new Error(`offline attempt ${intent.id} could not move to pending`);
  return { kind: 'ready', order, intent: started, reused, fresh: false };
}

/**
 * Runs a checkout. Refusals: already_bought, checkout_in_progress, previous_attempt_open (an
 * older attempt could not be closed at its provider; it stays payable and a `payment-close` job
 * keeps trying), provider_failed. An older attempt its provider cannot close at all (Alipay's
 * cross-border trade) is withdrawn instead: the checkout goes ahead, the old trade is watched
 * until it times out, and a late payment of it is refunded automatically; `withdrawn` names it.
 */
export async function checkoutOrder(deps: CoreDeps, req: CheckoutRequest): Promise<CheckoutResult> {
  const actor: Actor = { type: 'buyer', id: String(req.buyer.id) };
  const withdrawn: WithdrawnAttempt[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const step = await inTransaction(deps, (uow) => prepare(deps, uow, req, actor));
    if (step.kind === 'ready') {
      const intent = step.fresh ? await startAttempt(deps, step.order, step.intent, req.attemptInput(step.order, step.intent)) : step.intent;
      return { order: step.order, intent, reused: step.reused, withdrawn: await withStillPayable(deps, withdrawn) };
    }
    for (const old of step.attempts) {
      const outcome = await closeAttempt(deps, { intent: old, reason: 'replaced by a new payment attempt', actor });
      if (outcome === 'paid') throw new LedgerRefusal('already_bought');
      if (outcome === 'withdrawn') withdrawn.push({ id: old.id, provider: old.provider, payableUntil: new Date(0) });
      if (outcome === 'unconfirmed') {
        await inTransaction(deps, ({ enqueue }) => enqueue('payment-close', { intentId: old.id }));
        throw new LedgerRefusal('previous_attempt_open');
      }
    }
  }
  throw new LedgerRefusal('checkout_in_progress');
}

/** Asks the provider for the attempt (outside any transaction: it is a network call), then created → pending. */
async function startAttempt(deps: CoreDeps, order: Order, intent: PaymentIntent, input: CreateAttemptInput): Promise<PaymentIntent> {
  const provider = deps.providers[intent.provider];
  if (!provider) throw new LedgerRefusal('provider_failed', `provider ${intent.provider} is not configured`);
  let created;
  try {
    created = await provider.createAttempt(input);
  } catch (err) {
    deps.log.warn(
      { err: { code: (err as { code?: string }).code, message: (err as Error).message }, provider: intent.provider },
      'payment attempt could not be created',
    );
    await finishAttempt(deps, { intentId: intent.id, status: 'failed', reason: 'the provider refused to create it' });
    throw new LedgerRefusal('provider_failed');
  }
  const started = await inTransaction(deps, (uow) => markStarted(deps, uow, order, intent, created));
  if (started) return started;
  // Closed meanwhile by a racing checkout, after that one's close reached the provider: this
  // attempt now exists there, so close it again rather than leave it payable.
  await closeAttempt(deps, {
    intent: { ...intent, status: 'closed', provider_ref: created.providerRef ?? intent.provider_ref },
    reason: 'replaced by a racing checkout',
  });
  throw new LedgerRefusal('checkout_in_progress');
}

/**
 * created → pending with what the provider answered, and the follow-up: a bank transfer's
 * reference and mail, or the first poll of an online attempt. Null when the attempt was closed
 * meanwhile. `from` is given when this transaction created the attempt.
 */
async function markStarted(
  deps: CoreDeps,
  { trx, enqueue }: Pick<UnitOfWork, 'trx' | 'enqueue'>,
  order: Order,
  intent: PaymentIntent,
  created: CreatedAttempt,
  from?: 'created',
): Promise<PaymentIntent | null> {
  // The first look at the provider, in case the notification never comes (PAYMENT_FIRST_POLL_MS);
  // the poll backs off from there (workers/src/processors/payment-poll.ts).
  const firstPoll = new Date(Date.now() + deps.config.firstPollMs * deps.config.retryDelayScale);
  const moved = await moveAttempt(
    trx,
    intent.id,
    'pending',
    { type: 'provider', id: intent.provider },
    {
      from,
      set: { provider_ref: created.providerRef ?? null, next_action: JSON.stringify(created.nextAction), next_poll_at: firstPoll },
    },
  );
  if (!moved.attempt) return null;
  if (intent.provider === 'bank_transfer') {
    if (order.bank_reference !== bankReference(order.order_no)) await setBankReference(trx, order.id, bankReference(order.order_no));
    // The buyer gets the account and the reference by mail too, not only on screen.
    await enqueue('mail', { kind: 'bank-transfer-details', orderNo: order.order_no });
  } else await enqueue('payment-poll', { intentId: intent.id }, { availableAt: firstPoll });
  return moved.attempt;
}
