// The console's registration-mirror tab in Chinese: a mirror that failed for good is retried by
// an operator, lands, and its history names the operator's request.
import t from 'tap';
import { zh } from '../../web/src/locales/zh/index.ts';
import { registerLegacy } from '../helpers/accounts.js';
import { launchBrowser, openShop, screenshots, signInOperator, toastSeen } from '../helpers/browser.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';

t.test('operator console (zh): retry a failed registration mirror and read its history', async (t) => {
  const stack = await startStack(t, { RETRY_DELAY_SCALE: '0.0001', RATE_LIMIT_SCALE: '50' });
  const control = (count: number) =>
    fetch(stack.registration.url.replace('/register', '/_control/fail'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count }),
    });
  const queue = stack.app.queues['registration-mirror'];

  // The registration service is down for longer than the mirror job's attempts.
  await control(1_000);
  const email = uniqueEmail('mirror');
  const userId = Number((await registerLegacy(stack.client(), email)).data.userId);
  await eventually(
    'mirror failed for good',
    async () => {
      for (const job of await queue.getDelayed()) await job.promote().catch(() => undefined);
      const row = await stack.db.selectFrom('registration_mirrors').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow();
      return row.status === 'failed';
    },
    60_000,
  );
  await control(0);

  const browser = await launchBrowser(t);
  const { page, context, errors } = await openShop(browser, stack.base);
  const opEmail = await signInOperator(stack, context);
  const shot = screenshots('operator-mirrors-zh', t);

  await page.goto('/shop/zhPage');
  // The SPA stores the language when it starts, which may be after the load event.
  await page.waitForURL('**/shop/index');
  await page.goto('/shop/admin');
  await page.getByTestId('admin-tab-mirrors').click();
  await page.getByTestId('mirror-filter-status').selectOption('FAILED');
  const row = page.locator(`[data-testid=mirror-row][data-email="${email}"]`);
  await row.waitFor();
  t.equal(await row.getByTestId('mirror-status').innerText(), zh.admin.mirrors.statuses.FAILED, 'shown as failed, in Chinese');
  await shot(page, 'failed-mirror');
  await row.getByTestId('mirror-retry').click();
  await toastSeen(page, zh.dict.operationSuccess);
  await eventually('mirror landed', async () => {
    const r = await stack.db.selectFrom('registration_mirrors').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return r.status === 'succeeded';
  });
  await page.getByTestId('mirror-filter-status').selectOption('SUCCEEDED');
  await row.getByTestId('mirror-status').filter({ hasText: zh.admin.mirrors.statuses.SUCCEEDED }).waitFor();
  t.pass('the retried mirror is listed as succeeded');

  await row.getByTestId('mirror-history-open').click();
  const history = page.getByTestId('mirror-history');
  await history.waitFor();
  const event = history.locator('[data-testid=audit-event][data-type=mirror_retry_requested]');
  await event.waitFor();
  t.equal(await event.getByTestId('audit-type').innerText(), zh.admin.events.types.mirror_retry_requested, 'the retry, labelled in Chinese');
  t.match(await event.getByTestId('audit-actor').innerText(), opEmail, 'by the operator');
  await shot(page, 'mirror-history');
  t.same(
    errors.filter((e) => !/Failed to load resource/.test(e)),
    [],
    'no page errors',
  );
});
