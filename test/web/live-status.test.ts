import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, openShop, screenshots, signInBuyer } from '../helpers/browser.js';
import { buy } from '../helpers/orders.js';
import { startStack, uniqueEmail, type TestStack } from '../helpers/stack.js';

// The QR page and the result page follow the payment over the paymentStatus subscription; with
// the WebSocket blocked they get there by the spec's 3 s checkPayment polling.

const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '10' };

/** Counts the GraphQL operations the page sends over HTTP, by operation name. */
function watchOperations(page: Page): Map<string, number> {
  const seen = new Map<string, number>();
  page.on('request', (r) => {
    if (!r.url().endsWith('/graphql') || r.method() !== 'POST') return;
    const name = (JSON.parse(r.postData() ?? '{}') as { operationName?: string }).operationName ?? '?';
    seen.set(name, (seen.get(name) ?? 0) + 1);
  });
  return seen;
}

/** "Scanning" the QR code: the sandbox cashier of codeUrl, paid in another page (the phone). */
async function scanAndPay(stack: TestStack, page: Page): Promise<void> {
  const codeUrl = await page.getByTestId('qr-code').getAttribute('data-code-url');
  // The phone is another device: its own browser context, untouched by this page's socket routes.
  const device = await page.context().browser()!.newContext();
  device.setDefaultTimeout(15_000);
  try {
    const phone = await device.newPage();
    await phone.goto(`${stack.sandboxes!.url}/wechat/cashier?pr=${encodeURIComponent(new URL(codeUrl!).searchParams.get('pr')!)}`);
    await phone.locator('button[value=pay]').click();
  } finally {
    await device.close();
  }
}

async function qrPageOfNewOrder(stack: TestStack, page: Page, email: string): Promise<string> {
  const buyer = await signInBuyer(stack, page.context(), { email });
  const c = (await buy(buyer, { paymentMethod: 'WECHAT_NATIVE', bookId: '2', country: 'China' })).data!.checkout;
  await page.goto(`/shop/views/pay/WxNativePay?orderNo=${c.order.orderNo}`);
  await page.getByTestId('qr-page').getByTestId('payee').filter({ hasNotText: '…' }).waitFor();
  await page.getByTestId('qr-code').waitFor();
  return c.order.orderNo;
}

t.test('QR page to result page over the subscription: no checkPayment request at all', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const browser = await launchBrowser(t);
  const { page, errors } = await openShop(browser, stack.base);
  const shot = screenshots('live-status', t);
  const ops = watchOperations(page);
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    frames.push(`open ${new URL(ws.url()).pathname}`);
    ws.on('framereceived', (f) => frames.push(`in ${String(f.payload)}`));
    ws.on('framesent', (f) => frames.push(`out ${String(f.payload)}`));
  });

  const orderNo = await qrPageOfNewOrder(stack, page, uniqueEmail('live'));
  // The first event (the state now) arrives before anything is paid.
  await t.resolves(
    waitFor(() => frames.some((f) => f.startsWith('in ') && f.includes('"paymentStatus"') && f.includes('"pending"'))),
    'the QR page subscribed and got the current state',
  );
  await shot(page, 'qr-page-live');
  await scanAndPay(stack, page);

  await page.waitForURL(/\/shop\/views\/pay\/WxPayResult/, { timeout: 20_000 });
  const ok = page.getByTestId('pay-success-dialog');
  await ok.waitFor({ timeout: 20_000 });
  t.match(await ok.innerText(), /Successful Book Purchase/);
  await shot(page, 'result-live');

  t.equal(ops.get('CheckPayment') ?? 0, 0, 'no checkPayment request was made');
  t.equal(frames.filter((f) => f.startsWith('open ')).length, 1, 'one socket served the QR page and the result page');
  t.ok(frames.includes('open /graphql'), 'the socket is /graphql');
  const subscribes = frames.filter((f) => f.startsWith('out ') && f.includes('"subscribe"'));
  t.equal(subscribes.length, 2, 'one subscription per page');
  t.ok(
    subscribes.every((f) => f.includes(orderNo)),
    'both for the order',
  );
  t.ok(
    frames.some((f) => f.startsWith('in ') && f.includes('"paid":true')),
    'the paid state was pushed',
  );
  t.same(
    errors.filter((e) => !/Failed to load resource/.test(e)),
    [],
    'no page errors',
  );
});

t.test('with the WebSocket blocked, the pages still get there by polling checkPayment', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const browser = await launchBrowser(t);
  const { page, context } = await openShop(browser, stack.base);
  const shot = screenshots('live-status-blocked', t);
  let attempts = 0;
  // A proxy that refuses WebSockets: every socket to /graphql is closed before it is used.
  await context.routeWebSocket(/\/graphql$/, (ws) => {
    attempts += 1;
    void ws.close({ code: 1011, reason: 'blocked by the test' });
  });
  const ops = watchOperations(page);

  await qrPageOfNewOrder(stack, page, uniqueEmail('poll'));
  await waitFor(() => (ops.get('CheckPayment') ?? 0) >= 1);
  t.ok(attempts >= 1, 'the page tried the socket first');
  await shot(page, 'qr-page-polling');
  await scanAndPay(stack, page);

  await page.waitForURL(/\/shop\/views\/pay\/WxPayResult/, { timeout: 20_000 });
  const ok = page.getByTestId('pay-success-dialog');
  await ok.waitFor({ timeout: 20_000 });
  t.match(await ok.innerText(), /Successful Book Purchase/);
  await shot(page, 'result-polling');
  t.ok((ops.get('CheckPayment') ?? 0) >= 2, `checkPayment asked on the QR page and the result page (${ops.get('CheckPayment')} times)`);
  t.ok(attempts >= 2, 'each page tried the socket once before polling');

  // A reference that is not the buyer's: refused over the socket, then by checkPayment: the page
  // says it belongs to another account (never "failed" for an order that may be paid).
  await context.unrouteAll();
  const before = ops.get('CheckPayment') ?? 0;
  await page.goto('/shop/views/pay/PayPalResult?token=NO-SUCH-ORDER&key=1');
  await page.getByTestId('pay-result-login').waitFor({ timeout: 20_000 });
  t.equal(await page.getByTestId('pay-failed-dialog').count(), 0, 'no failure dialog');
  t.equal((ops.get('CheckPayment') ?? 0) - before, 1, 'a refusal on the socket is confirmed by one checkPayment');
});

async function waitFor(fn: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!fn()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
