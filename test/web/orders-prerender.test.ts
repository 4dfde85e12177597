import { basename } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { launchBrowser, openShop, paintedNodes, screenshots, signInBuyer, untilInteractive, watchPaintedNodes } from '../helpers/browser.js';
import type { Client } from '../helpers/http.js';
import { buy } from '../helpers/orders.js';
import { drivers, waitPaid } from '../helpers/payflow.js';
import { sentBytes } from '../helpers/sent-bytes.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';
import { gqlOk, operator } from '../admin/helpers.js';

// My Orders arrives with the buyer's orders in the HTML (web/src/ssr.tsx, rendered per request by
// gateway/src/plugins/spa-prerender.ts for the session's buyer): painted before any script runs,
// then hydrated without Apollo, which is loaded only when the buyer asks for more.

// The shop's zone is one no test browser is in: a time shown in the wrong zone is seen.
const SHOP_ZONE = 'America/New_York';
const stack = await startStack(t, { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '10', SHOP_TIME_ZONE: SHOP_ZONE }, { payments: true });
const browser = await launchBrowser(t);
const TEXTS = { en, zh } as const;
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};
const noise = (e: string) => /Failed to load resource/.test(e);
// My Orders' first load (the .gz files the gateway sends), beyond the public pages' 114 KiB of
// React, Chakra's system and the app's shell: its page chunk, texts and table. 143.6 KiB (en) on
// 2026-11-27; 131.2 KiB the same day once the pager was a row of buttons instead of Chakra's
// Pagination (Zag's state machine and runtime) and the selects no longer went through Ark's Field
// (components/ui/SelectBox.tsx); 129.6 KiB once the console's texts left the buyers' screen texts
// (lib/i18n.ts, loadAdminTexts). 130.7 KiB (en) and 131.2 KiB (zh) on 2026-11-28 with the times
// shown in one zone on the server and in the browser (lib/time-zone.ts, Intl in the zone) and the
// table's word-break rules and email wrapping, which took zh past the former 131 KiB budget.
// 132.2 KiB (en) and 132.7 KiB (zh) the same day with the order's invoice line (issued, sent by
// courier, download), which took it past 132. A budget against growth; the 120 KiB target is the
// public pages'.
const FIRST_LOAD_BUDGET_KIB = 133;

/** A buyer with an e-book paid at the WeChat sandbox and another awaiting its bank transfer. */
async function buyerWithOrders(c: Client): Promise<{ paid: string; unpaid: string }> {
  const online = await buy(c, { paymentMethod: 'WECHAT_NATIVE', country: 'Germany', purchaseInfo: null });
  if (!online.data) throw new Error(`checkout failed: ${JSON.stringify(online.errors)}`);
  await drivers.find((d) => d.method === 'WECHAT_NATIVE')!.pay(stack, online.data.checkout);
  await waitPaid(stack, online.data.checkout.order.orderNo);
  const transfer = await buy(c, { bookId: '2' });
  if (!transfer.data) throw new Error(`checkout failed: ${JSON.stringify(transfer.errors)}`);
  return { paid: online.data.checkout.order.orderNo, unpaid: transfer.data.checkout.order.orderNo };
}

const scratch = await browser.newContext({ baseURL: stack.base });
const email = uniqueEmail('orders-ssr');
const buyer = await signInBuyer(stack, scratch, { email, firstName: 'Ada', lastName: 'Buyer' });
const token = (await scratch.cookies()).find((c) => c.name === 'token')!.value;
const orders = await buyerWithOrders(buyer);
// Someone else's order, which must not appear in this buyer's page.
const otherContext = await browser.newContext({ baseURL: stack.base });
const other = await signInBuyer(stack, otherContext, { email: uniqueEmail('orders-ssr-other') });
const othersOrder = (await buy(other)).data!.checkout.order.orderNo;
await scratch.close();
await otherContext.close();

/** The buyer's session and language in a browser profile, stored as the SPA stores a choice (local storage and its cookie copy). */
async function asBuyer(context: BrowserContext, lang: 'en' | 'zh', sessionToken = token): Promise<void> {
  await context.addInitScript((l) => localStorage.setItem('locale', l), lang);
  await context.addCookies([
    { name: 'token', value: sessionToken, url: stack.base, httpOnly: true, sameSite: 'Lax' },
    { name: 'locale', value: lang, url: stack.base },
  ]);
}

t.test('My Orders is painted with its orders with JavaScript off, in en and zh, at 1280 px and on a phone', async (t) => {
  const shot = screenshots('orders-prerender');
  for (const lang of ['en', 'zh'] as const) {
    const T = TEXTS[lang];
    for (const device of ['desktop', 'phone'] as const) {
      const context = await browser.newContext({
        baseURL: stack.base,
        javaScriptEnabled: false,
        ...(device === 'phone' ? PHONE : { viewport: { width: 1280, height: 900 } }),
      });
      await asBuyer(context, lang);
      const page = await context.newPage();
      const res = await page.goto('/shop/orders');
      const label = `${lang} ${device}`;
      t.equal(res?.headers()['cache-control'], 'private, no-store', `${label}: the buyer's page is kept by no cache`);
      const html = (await res?.text()) ?? '';
      t.notOk(html.includes(othersOrder), `${label}: another buyer's order is nowhere in the page`);
      t.equal((await page.locator('h1').innerText()).trim(), T.orders.title, `${label}: the heading`);
      const item = device === 'phone' ? 'order-card' : 'order-row';
      t.equal(await page.getByTestId(item).count(), 2, `${label}: both orders are in the painted page, as ${item}s`);
      t.equal(await page.getByTestId(device === 'phone' ? 'orders-table' : 'order-card').count(), 0, `${label}: only the ${device}'s layout is there`);
      const paid = page.locator(`[data-order-no="${orders.paid}"]`);
      t.equal((await paid.getByTestId('order-status').innerText()).trim(), T.orders.statuses.PAID, `${label}: the paid order says so`);
      t.equal((await paid.getByTestId('download').innerText()).trim(), T.orders.download, `${label}: with its Download link`);
      t.match(await paid.innerText(), email, `${label}: and its password, the login email`);
      t.ok(await paid.getByTestId('download').isDisabled(), `${label}: Download is disabled until the app runs (a tap would be lost)`);
      t.ok(await page.getByTestId('filter-status').isDisabled(), `${label}: so is the filter`);
      const unpaid = page.locator(`[data-order-no="${orders.unpaid}"]`);
      t.equal((await unpaid.getByTestId('order-status').innerText()).trim(), T.orders.statuses.PENDING_PAYMENT, `${label}: the unpaid order says so`);
      await shot(page, `${lang}-${device}-no-js`);
      await context.close();
    }
  }
});

const PAINTED = '[data-testid=order-row], [data-testid=order-card], footer';

t.test('the SPA takes over the painted list without Apollo, and loads it when the buyer asks for more', async (t) => {
  const shot = screenshots('orders-prerender');
  for (const lang of ['en', 'zh'] as const) {
    const T = TEXTS[lang];
    for (const device of ['desktop', 'phone'] as const) {
      const label = `${lang} ${device}`;
      const { context, page, errors } = await openShop(browser, stack.base, device === 'phone' ? PHONE : {});
      await asBuyer(context, lang);
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning' && /hydrat|did not match/i.test(m.text())) warnings.push(m.text());
      });
      const apollo: string[] = [];
      const scripts = new Set<string>();
      page.on('request', (r) => {
        const p = new URL(r.url()).pathname;
        if (/\/shop\/assets\/apollo-(?!errors-)[\w-]+\.js$/.test(p)) apollo.push(r.url());
        if (p.startsWith('/shop/assets/') && p.endsWith('.js')) scripts.add(p);
      });
      await watchPaintedNodes(context, PAINTED);
      await page.goto('/shop/orders');
      const status = page.getByTestId('filter-status');
      // Hydrated: React owns the filter (a choice on the bare HTML would change nothing).
      await untilInteractive(page, 'filter-status');
      await page.waitForLoadState('networkidle');
      const paint = await paintedNodes(page);
      t.same(paint.lost, [], `${label}: no painted node was replaced`);
      t.equal(paint.painted, 3, `${label}: both orders and the footer were painted before the scripts ran`);
      t.equal(paint.kept, paint.painted, `${label}: the painted nodes were kept, not rendered again`);
      t.ok(paint.shifts <= 0.05, `${label}: layout shift ${paint.shifts.toFixed(3)} <= 0.05`);
      t.equal(paint.sheetsMoved, 0, `${label}: the page's style sheets stay where they are (a moved one restyles the page)`);
      t.same(apollo, [], `${label}: no Apollo for the painted list`);
      const gz = [...scripts].map((p) => [basename(p), sentBytes(p, 'gz')] as const);
      const kib = gz.reduce((n, [, b]) => n + b, 0) / 1024;
      t.comment(
        `${label}: first load ${scripts.size} scripts, ${kib.toFixed(1)} KiB gzipped: ${gz.map(([f, b]) => `${f} ${(b / 1024).toFixed(1)}`).join(', ')}`,
      );
      t.ok(kib <= FIRST_LOAD_BUDGET_KIB, `${label}: first load ${kib.toFixed(1)} KiB gzipped <= ${FIRST_LOAD_BUDGET_KIB}`);
      t.match(await page.getByTestId('user-menu').innerText(), /Ada|Buyer/, `${label}: the header names the buyer`);

      // A filter asks the server: Apollo is loaded now and the list follows it.
      await status.selectOption('PAID');
      const item = page.getByTestId(device === 'phone' ? 'order-card' : 'order-row');
      await t.resolves(
        page.waitForFunction(
          ({ sel, orderNo }) => {
            const items = [...document.querySelectorAll(sel)];
            return items.length === 1 && items[0]!.getAttribute('data-order-no') === orderNo;
          },
          { sel: `[data-testid=${device === 'phone' ? 'order-card' : 'order-row'}]`, orderNo: orders.paid },
        ),
        `${label}: the paid filter shows the paid order alone`,
      );
      t.ok(apollo.length > 0, `${label}: Apollo was loaded for the filter`);
      await status.selectOption('');
      await t.resolves(
        page.waitForFunction((sel) => document.querySelectorAll(sel).length === 2, `[data-testid=${device === 'phone' ? 'order-card' : 'order-row'}]`),
        `${label}: all orders again`,
      );
      t.equal(await item.count(), 2);

      // The purchase information (Apollo's own hooks) opens from the order number.
      await page.getByRole('button', { name: T.orders.showPurchaseInfo.replace('{{orderNo}}', orders.unpaid) }).click();
      const info = page.getByTestId('purchase-info-view');
      await t.resolves(info.getByText('Hauptstr. 1').waitFor(), `${label}: the purchase information of the unpaid order`);
      await shot(page, `${lang}-${device}-hydrated-info`);
      await page.getByTestId('purchase-info-close').click();
      await info.waitFor({ state: 'detached' });

      t.same(
        errors.filter((e) => !noise(e)),
        [],
        `${label}: no error in the console`,
      );
      t.same(warnings, [], `${label}: no hydration warning`);
      await context.close();
    }
  }
});

t.test("a refund is in the painted page, in the buyer's language, and stays after the takeover", async (t) => {
  const shot = screenshots('orders-prerender');
  // A buyer of their own whose paid e-book an operator refunds.
  const scratchRefund = await browser.newContext({ baseURL: stack.base });
  const refundedBuyer = await signInBuyer(stack, scratchRefund, { email: uniqueEmail('orders-ssr-refund') });
  const refundToken = (await scratchRefund.cookies()).find((c) => c.name === 'token')!.value;
  await scratchRefund.close();
  const bought = (await buy(refundedBuyer, { paymentMethod: 'WECHAT_NATIVE', country: 'Germany', purchaseInfo: null })).data!.checkout;
  await drivers.find((d) => d.method === 'WECHAT_NATIVE')!.pay(stack, bought);
  await waitPaid(stack, bought.order.orderNo);
  const op = await operator(stack);
  await gqlOk(op.client, 'mutation($o: ID!) { refundOrder(orderNo: $o) { changed } }', { o: bought.order.orderNo });
  const refundedAt = await eventually(
    'the order refunded',
    async () =>
      (
        await stack.db
          .selectFrom('refunds')
          .innerJoin('orders', 'orders.id', 'refunds.order_id')
          .select('refunds.completed_at')
          .where('orders.order_no', '=', bought.order.orderNo)
          .where('refunds.status', '=', 'succeeded')
          .executeTakeFirst()
      )?.completed_at ?? false,
    30_000,
  );
  for (const lang of ['en', 'zh'] as const) {
    const T = TEXTS[lang];
    for (const js of [false, true]) {
      const label = `${lang}, ${js ? 'hydrated' : 'JavaScript off'}`;
      const context = await browser.newContext({ baseURL: stack.base, javaScriptEnabled: js, viewport: { width: 1280, height: 900 } });
      await asBuyer(context, lang, refundToken);
      const page = await context.newPage();
      await page.goto('/shop/orders');
      if (js) {
        await untilInteractive(page, 'filter-status');
        await page.waitForLoadState('networkidle');
      }
      const refunds = page.locator(`[data-refunds-of="${bought.order.orderNo}"]`).getByTestId('order-refund');
      t.equal(await refunds.count(), 1, `${label}: one refund under the order`);
      // A first visit (no timeZone cookie yet): the day in the shop's zone, on the server and in the browser.
      const day = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeZone: SHOP_ZONE }).format(refundedAt);
      t.equal(
        (await refunds.innerText()).trim(),
        T.orders.refunds.refundedEbook.replace('{{amount}}', '75.00').replace('{{currency}}', 'EUR').replace('{{date}}', day),
        `${label}: refunded, on which day, and the e-book no longer downloads`,
      );
      t.equal(await page.locator(`[data-order-no="${bought.order.orderNo}"]`).getByTestId('download').count(), 0, `${label}: no Download link`);
      await shot(page, `${lang}-refunded-${js ? 'hydrated' : 'no-js'}`);
      await context.close();
    }
  }
});

t.test("My Orders' times: one zone in the HTML and after hydration, the shop's on a first visit, the buyer's from then on", async (t) => {
  const created = (await stack.db.selectFrom('orders').select('created_at').where('order_no', '=', orders.paid).executeTakeFirstOrThrow()).created_at;
  const at = (zone: string) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(created))
        .map((x) => [x.type, x.value]),
    );
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  };
  t.not(at(SHOP_ZONE), at('Asia/Shanghai'), 'the two zones show the order at different times');

  // A buyer in Shanghai; the server's own zone is neither (the process runs in its host's).
  const { context, page, errors } = await openShop(browser, stack.base, { timezoneId: 'Asia/Shanghai' });
  await asBuyer(context, 'en');
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && /hydrat|did not match/i.test(m.text())) warnings.push(m.text());
  });
  const row = page.locator(`[data-order-no="${orders.paid}"]`);
  const load = async () => {
    const res = await page.goto('/shop/orders');
    const html = (await res?.text()) ?? '';
    const painted = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.exec(html.slice(html.indexOf(`data-order-no="${orders.paid}"`)))?.[0];
    await untilInteractive(page, 'filter-status');
    return { painted, hydrated: (await row.locator('td').first().innerText()).trim() };
  };

  const first = await load();
  t.same(first, { painted: at(SHOP_ZONE), hydrated: at(SHOP_ZONE) }, "a first visit: the shop's zone in the HTML and after hydration");
  t.equal(
    (await context.cookies()).find((c) => c.name === 'timeZone')?.value,
    encodeURIComponent('Asia/Shanghai'),
    "the SPA keeps the browser's zone in the cookie",
  );
  const next = await load();
  t.same(next, { painted: at('Asia/Shanghai'), hydrated: at('Asia/Shanghai') }, "the next load: the buyer's zone in the HTML and after hydration");
  t.same(
    errors.filter((e) => !noise(e)),
    [],
    'no hydration error (React #418) nor any other',
  );
  t.same(warnings, [], 'no hydration warning');

  // A cookie that names no zone is ignored by the server and the browser alike.
  await context.addCookies([{ name: 'timeZone', value: 'Mars%2FOlympus', url: stack.base }]);
  const bad = await load();
  t.same(bad, { painted: at(SHOP_ZONE), hydrated: at(SHOP_ZONE) }, "an unknown zone in the cookie: the shop's zone, the same in both");
  t.same(
    errors.filter((e) => !noise(e)),
    [],
    'still no error',
  );
  await context.close();
});

t.test('without a live session nothing is rendered for anyone: the browser asks for a login', async (t) => {
  for (const [label, sessionToken] of [
    ['no session', null],
    ['an unknown session', 'x'.repeat(43)],
  ] as const) {
    const { context, page } = await openShop(browser, stack.base);
    if (sessionToken) await asBuyer(context, 'en', sessionToken);
    const res = await page.goto('/shop/orders');
    const html = (await res?.text()) ?? '';
    t.equal(res?.headers()['cache-control'], 'no-cache', `${label}: the shell, revalidated as usual`);
    t.notOk(html.includes('id="shop-state"'), `${label}: no rendered page, no embedded answers`);
    t.notOk(html.includes(orders.paid), `${label}: no order in the page`);
    await page.getByRole('dialog').waitFor();
    t.ok(await page.getByRole('dialog').isVisible(), `${label}: the login dialog opens`);
    await context.close();
  }

  // A session logged out since: the same.
  const { context, page } = await openShop(browser, stack.base);
  const client = await signInBuyer(stack, context, { email: uniqueEmail('orders-ssr-out') });
  const ended = (await context.cookies()).find((k) => k.name === 'token')!.value;
  client.headers = { authorization: `Bearer ${ended}` };
  t.same((await client.gql<{ logout: boolean }>('mutation { logout }')).data, { logout: true }, 'logged out elsewhere');
  const res = await page.goto('/shop/orders');
  t.notOk(((await res?.text()) ?? '').includes('id="shop-state"'), 'a logged-out session: no rendered page');
  await context.close();
});
