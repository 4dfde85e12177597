import t from 'tap';
import { addToOutbox, relayOutbox, type PendingOutboxRow } from '@shop/db';
import { createTestDatabase } from '../helpers/db.js';

// The outbox relay against real PostgreSQL: rows are claimed by one UPDATE under SKIP LOCKED, so
// two relays at once deliver every row once; a failed delivery gives back that row and the rows
// after it, and only the failed one counts an attempt.

const message = (n: number) => ({ queue: 'mail', jobName: 'mail', jobId: `relay-test-${n}`, payload: { n } });

t.test('two relays at once deliver each row once, in outbox order', async (t) => {
  const { db } = await createTestDatabase(t);
  const ids: string[] = [];
  for (let n = 1; n <= 3; n++) ids.push(await addToOutbox(db, message(n)));

  const first: string[] = [];
  let releaseFirst!: () => void;
  const held = new Promise<void>((resolve) => (releaseFirst = resolve));
  let firstStarted!: () => void;
  const started = new Promise<void>((resolve) => (firstStarted = resolve));
  const slow = relayOutbox(
    db,
    async (row: PendingOutboxRow) => {
      first.push(row.job_id);
      firstStarted();
      await held;
    },
    { ids },
  );
  await started;
  const second: string[] = [];
  const other = await relayOutbox(db, async (row) => void second.push(row.job_id), { ids });
  t.same(other, { relayed: 0, failed: 0 }, 'the second relay finds every row claimed and waits for none');
  releaseFirst();
  t.same(await slow, { relayed: 3, failed: 0 });
  t.same(first, ['relay-test-1', 'relay-test-2', 'relay-test-3'], 'delivered in the order they were written');
  t.same(second, []);
  const rows = await db.selectFrom('outbox').select(['relayed_at', 'relay_attempts']).where('id', 'in', ids).execute();
  t.ok(
    rows.every((r) => r.relayed_at && r.relay_attempts === 0),
    'all marked relayed',
  );
  t.same(await relayOutbox(db, async () => void t.fail('nothing is delivered twice'), { ids }), { relayed: 0, failed: 0 });
});

t.test('a failed delivery gives back its row and the rows after it', async (t) => {
  const { db } = await createTestDatabase(t);
  const ids: string[] = [];
  for (let n = 1; n <= 3; n++) ids.push(await addToOutbox(db, message(n)));
  const delivered: string[] = [];
  const result = await relayOutbox(
    db,
    async (row) => {
      if (row.job_id === 'relay-test-2') throw new Error('Connection is closed.');
      delivered.push(row.job_id);
    },
    { ids },
  );
  t.same(result, { relayed: 1, failed: 1 });
  t.same(delivered, ['relay-test-1']);
  const rows = await db.selectFrom('outbox').select(['job_id', 'relayed_at', 'relay_attempts', 'last_error']).where('id', 'in', ids).orderBy('id').execute();
  t.ok(rows[0]!.relayed_at, 'the delivered row stays relayed');
  t.match(rows[1], { relayed_at: null, relay_attempts: 1, last_error: 'Connection is closed.' }, 'the failed row is given back with its error');
  t.match(rows[2], { relayed_at: null, relay_attempts: 0, last_error: null }, 'the row after it is given back untouched');

  const retried: string[] = [];
  t.same(await relayOutbox(db, async (row) => void retried.push(row.job_id), { ids }), { relayed: 2, failed: 0 });
  t.same(retried, ['relay-test-2', 'relay-test-3'], 'the next relay takes both');
});
