// The daily bill job as the workers run it, in process: PayPal's sandbox publishes the bills, core
// reconciles them, the job mails the operators once for a day with differences (through the real
// SMTP sink) and none for a day without, and its figures (runs, verdicts, open differences) move as
// the runs say.
import t from 'tap';
import type { Job } from 'bullmq';
import { settleAttempt, type CoreDeps } from '@shop/core';
import { createLogger, loadWorkersConfig } from '@shop/config';
import type { JobPayloads } from '@shop/jobs';
import { addDays, dayInZone, startOfDay } from '@shop/payments/zoned-time';
import { createTransport, type WorkerDeps } from '@shop/workers';
import { billReconciliationProcessor } from '../../workers/src/processors/bill-reconciliation.js';
import { mailProcessor } from '../../workers/src/processors/mail.js';
import { createWorkerMetrics } from '../../workers/src/metrics/jobs.js';
import { checkoutFor, coreDeps, newBuyer } from '../helpers/core-deps.js';
import { setTimestamp } from '../helpers/db.js';
import { mailsTo, waitForMails } from '../helpers/mail.js';
import { paypalKit, type BillKit } from '../core/reconciliation-kits.js';

const HOUR = 3_600_000;

/** Bought through core's checkout, paid at PayPal and settled in the shop at `at`. */
async function paidAndSettled(deps: CoreDeps, kit: BillKit, at: Date) {
  const bought = await checkoutFor(deps, { provider: kit.provider, method: kit.method, charge: kit.charge });
  await kit.pay(bought.intent);
  await settleAttempt(deps, { intentId: bought.intent.id, source: 'notification' });
  await setTimestamp(deps.db, 'payment_intents', 'succeeded_at', at, 'id', bought.intent.id);
  return bought;
}

/** One figure of the workers' /metrics text (the registry it serves), 0 when not written yet. */
function figure(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

t.test('the bill job: one alert mail for a day with differences, none without; its figures follow the runs', async (t) => {
  const kit = await paypalKit();
  t.teardown(() => kit.close());
  const core = await coreDeps(t, { paypal: kit.adapter });
  const metrics = createWorkerMetrics();
  const config = loadWorkersConfig({ ...process.env, DATABASE_URL: core.databaseUrl, PUBLIC_URL: 'https://shop.test' });
  const deps: WorkerDeps = { ...core, config, log: createLogger('bill-job-test', 'silent'), metrics };
  const transport = createTransport(config.smtpUrl);
  t.teardown(() => transport.close());
  const runBill = billReconciliationProcessor(deps);
  const sendMail = mailProcessor(deps, transport);
  const operator = await newBuyer(core, 'operator');

  const zone = kit.adapter.billZone!;
  const withDifferences = addDays(dayInZone(Date.now(), zone), -4);
  const clean = addDays(withDifferences, 1);
  const at = (day: string) => new Date(startOfDay(day, zone) + 14 * HOUR);
  await kit.setClock(at(withDifferences));
  await paidAndSettled(core, kit, at(withDifferences));
  const mismatched = await paidAndSettled(core, kit, at(withDifferences));
  await kit.alterAmount(mismatched.intent.out_trade_no, 100);
  await kit.setClock(at(clean));
  await paidAndSettled(core, kit, at(clean));
  // Both bills are published once PayPal's day after the clean one is well under way.
  await kit.setClock(new Date(startOfDay(addDays(clean, 1), zone) + 11 * HOUR));

  const job = (date: string) => ({ data: { provider: 'paypal', date } }) as Job<JobPayloads['bill-reconciliation']>;
  /** The alert jobs the runs have queued so far (relayed from the outbox to the mail queue). */
  const alerts = async () =>
    (await deps.queues.mail.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed'])).filter((j) => j.data.kind === 'reconciliation-alert');
  const figures = async () => {
    const text = await metrics.registry.metrics();
    return {
      reconciled: figure(text, 'shop_bill_reconciliations_total', 'provider="paypal",outcome="reconciled"'),
      notReady: figure(text, 'shop_bill_reconciliations_total', 'provider="paypal",outcome="not_ready"'),
      matched: figure(text, 'shop_bill_verdicts_total', 'provider="paypal",verdict="matched"'),
      mismatch: figure(text, 'shop_bill_verdicts_total', 'provider="paypal",verdict="amount_mismatch"'),
      open: figure(text, 'shop_bill_open_differences', 'provider="paypal"'),
    };
  };
  t.same(await figures(), { reconciled: 0, notReady: 0, matched: 0, mismatch: 0, open: 0 }, 'nothing counted before a run');

  // The day with a difference: one alert, one mail to the operator, linking that day's tab.
  t.match(await runBill(job(withDifferences)), [
    { date: withDifferences, outcome: 'reconciled', differences: 1, verdicts: { matched: 1, amount_mismatch: 1 } },
  ]);
  t.same(await figures(), { reconciled: 1, notReady: 0, matched: 1, mismatch: 1, open: 1 }, 'one run, its two verdicts, one open difference');
  const queued = await alerts();
  t.equal(queued.length, 1, 'one alert queued');
  t.match(queued[0]!.data, { kind: 'reconciliation-alert', provider: 'paypal', date: withDifferences });
  t.match(await sendMail(queued[0]! as Job<JobPayloads['mail']>), { sent: 1 });
  const [mail] = await waitForMails(operator.email, 1);
  t.equal(mail!.subject, `Reconciliation: 1 difference in PayPal on ${withDifferences}`);
  t.match(mail!.text, 'amount, currency or rate differs', 'names the kind of difference');
  t.match(
    mail!.text,
    `${config.publicUrl}${config.basePath}admin?tab=reconciliation&date=${withDifferences}`,
    "links the console's reconciliation tab of that day",
  );

  // The clean day: counted, no alert, no mail.
  t.match(await runBill(job(clean)), [{ date: clean, outcome: 'reconciled', differences: 0, verdicts: { matched: 1 } }]);
  t.same(await figures(), { reconciled: 2, notReady: 0, matched: 2, mismatch: 1, open: 0 }, 'a second run, one more match, nothing open on the clean day');
  t.equal((await alerts()).length, 1, 'no alert for the clean day');

  // The day with the difference again: a run, nothing judged anew, so no second alert.
  t.match(await runBill(job(withDifferences)), [{ outcome: 'reconciled', differences: 1, verdicts: {} }]);
  t.same(
    await figures(),
    { reconciled: 3, notReady: 0, matched: 2, mismatch: 1, open: 1 },
    'the re-run counts, its verdicts do not; the open difference is back in the gauge',
  );
  t.equal((await alerts()).length, 1, 'no second alert for a difference already reported');

  // A day whose bill is not published yet: counted as not ready, the job fails to be retried.
  const tomorrow = addDays(clean, 2);
  await t.rejects(runBill(job(tomorrow)), /not published yet/);
  t.match(
    await core.db
      .selectFrom('reconciliation_runs')
      .select(['outcome', 'detail', 'detail_code', 'detail_values'])
      .where('bill_date', '=', tomorrow)
      .executeTakeFirstOrThrow(),
    { outcome: 'not_ready', detail_code: 'bill_not_ready', detail_values: { message: String } },
    "the run keeps why as a code, with the provider's words",
  );
  t.same(await figures(), { reconciled: 3, notReady: 1, matched: 2, mismatch: 1, open: 1 }, 'not ready: counted, the gauge keeps the last reconciled day');
  t.equal((await alerts()).length, 1, 'and no alert');
  t.equal((await mailsTo(operator.email)).length, 1, 'one mail in all');
});
