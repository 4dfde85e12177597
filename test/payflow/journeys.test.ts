import t, { type Test } from 'tap';
import { registerLegacy } from '../helpers/accounts.js';
import { mailsTo } from '../helpers/mail.js';
import { buy } from '../helpers/orders.js';
import { drivers, eventOutcomes, paidTransitions, waitPaid, type Driver, type Faults } from '../helpers/payflow.js';
import { startStack, uniqueEmail, type TestStack } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';

const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '10' };

async function scenario(t: Test, stack: TestStack, d: Driver, faults: Faults | undefined, label: string) {
  const c = stack.client();
  const email = uniqueEmail(d.provider);
  await registerLegacy(c, email);
  const r = await buy(c, { paymentMethod: d.method });
  t.notOk(r.errors, `${label}: checkout`);
  const co = r.data!.checkout;
  await d.pay(stack, co, faults);
  await waitPaid(stack, co.order.orderNo);
  // Let late duplicates, redeliveries and polls arrive before counting.
  await new Promise((res) => setTimeout(res, 600));
  t.equal(await paidTransitions(stack, co.order.orderNo), 1, `${label}: exactly one paid transition`);
  const pdf = await c.request('GET', `/api/orders/${co.order.orderNo}/download`);
  t.equal(pdf.status, 200, `${label}: the e-book downloads`);
  const receipts = () => mailsTo(email).then((all) => all.filter((x) => /paid/.test(x.subject)).length);
  await eventually(`${label} receipt`, receipts);
  // A second receipt would come from a second settlement or a repeated job: give it time to show.
  await new Promise((res) => setTimeout(res, 200));
  t.equal(await receipts(), 1, `${label}: exactly one receipt`);
  return co;
}

// The providers' journeys run side by side, each on its own stack: most of a journey is waiting
// (for callbacks, polls and mail, and for late duplicates before counting).
t.jobs = drivers.length;
for (const d of drivers) {
  t.test(`${d.provider}: checkout -> pay in the sandbox -> notification -> paid -> download, under faults`, async (t) => {
    const stack = await startStack(t, env, { payments: true });
    await scenario(t, stack, d, undefined, 'plain');
    await scenario(t, stack, d, { drop: true }, 'notification dropped (settled by polling)');
    await scenario(t, stack, d, { duplicate: 50 }, 'duplicated 50 times');
    await scenario(t, stack, d, { reordered: true }, 'reordered');
    const forged = d.provider === 'alipay' ? { badSign: true } : { badSignature: true, ...(d.provider === 'wechat' ? { persistent: true } : {}) };
    await scenario(t, stack, d, forged, 'forged signature');
    t.ok((await eventOutcomes(stack, d.provider)).includes('rejected'), 'the forged notification was refused and recorded');
    if (d.provider === 'wechat') {
      await scenario(t, stack, d, { wrongKey: true, persistent: true }, 'signed with the wrong key');
      await scenario(t, stack, d, { signtestProbe: true }, 'SIGNTEST probe');
    }
    await scenario(t, stack, d, { wrongAmount: true, ...(d.provider === 'wechat' ? { persistent: true } : {}) }, 'wrong amount');
    t.ok((await eventOutcomes(stack, d.provider)).includes('mismatch'), 'the wrong amount was refused and recorded');
  });
}
