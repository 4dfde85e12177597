import t from 'tap';
import { sql } from 'kysely';
import type { Db, IntentStatus } from '@shop/db';
import { ATTEMPT_TRANSITIONS, createAttempt, moveAttempt } from '@shop/core/internal';
import { createTestDatabase } from '../helpers/db.js';

// The payment-attempt state machine, move by move against a real PostgreSQL: every allowed move
// happens once with its event row, every other one changes nothing and leaves no row.

const states: IntentStatus[] = ['created', 'pending', 'succeeded', 'failed', 'closed', 'expired'];

// Written out by hand (not read from ATTEMPT_TRANSITIONS), so a changed table fails here.
const allowed = new Set([
  'created>pending',
  'created>failed',
  'created>closed',
  'created>expired',
  'created>succeeded',
  'pending>succeeded',
  'pending>failed',
  'pending>closed',
  'pending>expired',
  'failed>succeeded',
  'closed>succeeded',
  'expired>succeeded',
]);

let seq = 0;
async function orderOf(db: Db): Promise<string> {
  seq++;
  const user = await db
    .insertInto('users')
    .values({ email: `sm${seq}-${Date.now()}@example.org`, first_name: 'S', last_name: 'M', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({
      order_no: `SM${Date.now()}${seq}`,
      user_id: user.id,
      book_id: 1,
      format: 'ebook',
      country: 'DE',
      pay_type: 2,
      provider: 'wechat',
      unit_price_cents: 100,
      amount_cents: 100,
      expires_at: new Date(Date.now() + 3600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return order.id;
}

/** An attempt put into `state` directly, the way a fixture sets up a starting point. */
async function attemptIn(db: Db, state: IntentStatus): Promise<string> {
  const orderId = await orderOf(db);
  const a = await db
    .transaction()
    .execute((trx) =>
      createAttempt(
        trx,
        { orderId, provider: 'wechat', method: 'native', outTradeNo: `SMT${Date.now()}${seq}`, amountCents: 100, currency: 'EUR' },
        { type: 'system' },
      ),
    );
  await sql`update payment_intents set status = ${state} where id = ${a.id}`.execute(db);
  return a.id;
}

const eventsOf = (db: Db, id: string) => db.selectFrom('payment_attempt_events').selectAll().where('intent_id', '=', id).orderBy('id').execute();

t.test('every move: allowed ones happen once with an event row, the others change nothing', async (t) => {
  const { db } = await createTestDatabase(t);
  for (const from of states) {
    for (const to of states) {
      const id = await attemptIn(db, from);
      const before = (await eventsOf(db, id)).length;
      const expected = allowed.has(`${from}>${to}`);
      const r = await db.transaction().execute((trx) => moveAttempt(trx, id, to, { type: 'operator', id: '7' }, { data: { reason: 'test' } }));
      const row = await db.selectFrom('payment_intents').select(['status', 'closed_at', 'succeeded_at']).where('id', '=', id).executeTakeFirstOrThrow();
      const events = await eventsOf(db, id);
      t.equal(r.moved, expected, `${from} → ${to} ${expected ? 'is allowed' : 'is refused'}`);
      t.equal(r.from, from, `${from} → ${to}: reports the state it found`);
      if (expected) {
        t.equal(row.status, to);
        t.equal(events.length, before + 1, `${from} → ${to}: one event row`);
        t.match(events.at(-1), { from_status: from, to_status: to, actor_type: 'operator', actor_id: '7', data: { reason: 'test' } });
        if (to === 'succeeded') t.ok(row.succeeded_at, 'succeeded_at stamped');
        if (to === 'closed' || to === 'expired') t.ok(row.closed_at, 'closed_at stamped');
      } else {
        t.equal(row.status, from, `${from} → ${to}: status unchanged`);
        t.equal(events.length, before, `${from} → ${to}: no event row`);
      }
    }
  }
  t.same(Object.keys(ATTEMPT_TRANSITIONS).sort(), [...states].sort(), 'the table names every state');
});

t.test('a new attempt starts in created with its event; a missing attempt moves nowhere', async (t) => {
  const { db } = await createTestDatabase(t);
  const orderId = await orderOf(db);
  const a = await db
    .transaction()
    .execute((trx) =>
      createAttempt(
        trx,
        { orderId, provider: 'alipay', method: 'page', outTradeNo: `NEW${Date.now()}`, amountCents: 100, currency: 'EUR' },
        { type: 'buyer', id: '1' },
      ),
    );
  t.equal(a.status, 'created');
  t.match(await eventsOf(db, a.id), [{ from_status: null, to_status: 'created', actor_type: 'buyer', actor_id: '1' }]);
  t.same(await db.transaction().execute((trx) => moveAttempt(trx, '999999999', 'pending', { type: 'system' })), { moved: false, from: null, attempt: null });
});

t.test('racing moves from one state: exactly one wins', async (t) => {
  const { db } = await createTestDatabase(t);
  for (let round = 0; round < 5; round++) {
    const id = await attemptIn(db, 'pending');
    const results = await Promise.all(
      (['succeeded', 'closed', 'failed', 'expired', 'succeeded'] as const).map((to) =>
        db.transaction().execute((trx) => moveAttempt(trx, id, to, { type: 'system' })),
      ),
    );
    const winners = results.filter((r) => r.moved && r.from === 'pending');
    t.equal(winners.length, 1, `round ${round}: one move out of pending`);
    const events = await eventsOf(db, id);
    t.equal(events.filter((e) => e.from_status === 'pending').length, 1, 'one event row for it');
  }
});

t.test('the event trail is append-only', async (t) => {
  const { db } = await createTestDatabase(t);
  const id = await attemptIn(db, 'created');
  await db.transaction().execute((trx) => moveAttempt(trx, id, 'pending', { type: 'system' }));
  await t.rejects(sql`update payment_attempt_events set to_status = 'succeeded' where intent_id = ${id}`.execute(db), /append-only/);
  await t.rejects(sql`delete from payment_attempt_events where intent_id = ${id}`.execute(db), /append-only/);
});
