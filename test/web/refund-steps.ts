import t from 'tap';
import { openConsoleAsOperator, startWalks, walk, walkAlipay, walkEnv, walkWeChat, type Walk } from './walks.js';

// After a walk bought e-books online: an operator refunds each order in the console (the attempt
// panel's refund button, behind its confirmation), sees it refunded; the buyer's My Orders then
// offers no download and the download address is refused.

export async function refundAllInConsole(w: Walk) {
  const { stack } = walkEnv();
  const T = w.T;
  const op = await openConsoleAsOperator(w);
  const page = op.page;

  for (const bought of w.orders ?? []) {
    const row = await stack.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .innerJoin('books', 'books.id', 'orders.book_id')
      .select('orders.order_no')
      .where('users.email', '=', w.email)
      .where(w.lang === 'zh' ? 'books.title_zh' : 'books.title_en', '=', bought.title)
      .where('orders.status', '=', 'paid')
      .executeTakeFirstOrThrow();
    const orderNo = row.order_no;
    await page.getByTestId('admin-filter-search').fill(orderNo);
    await page.getByTestId('admin-filter-apply').click();
    await page.locator(`[data-testid=admin-order-row][data-order-no="${orderNo}"]`).getByTestId('admin-order-open').click();
    const dlg = page.getByTestId('admin-order-dialog');
    const attempts = dlg.getByTestId('payment-attempts');
    await attempts.waitFor();
    await attempts.getByTestId('refund-order').click();
    const confirm = page.getByTestId('confirm-refund-dialog');
    await confirm.waitFor();
    w.t.match(await confirm.innerText(), orderNo, `${bought.provider}: the confirmation names the order`);
    await confirm.getByTestId('confirm-action').click();
    await attempts.getByTestId('refund-status').filter({ hasText: T.admin.refunds.statuses.SUCCEEDED }).waitFor({ timeout: 30_000 });
    await dlg.getByTestId('detail-status').filter({ hasText: T.admin.refunds.refunded }).waitFor();
    w.t.pass(`${bought.provider}: refunded in the console`);
    await w.shot(page, `console-refunded-${bought.provider.toLowerCase()}`);
    await page.keyboard.press('Escape');
    await dlg.waitFor({ state: 'detached' });
  }
  await op.context.close();

  // The buyer: no download any more, and the address itself is refused.
  const { page: buyer } = w;
  await buyer.getByRole('link', { name: T.nav.orders }).first().click();
  await buyer.waitForURL('**/shop/orders');
  await buyer.reload();
  for (const bought of w.orders ?? []) {
    const orderRow = buyer.getByTestId('order-row').filter({ hasText: bought.title });
    await orderRow.waitFor();
    w.t.equal(await orderRow.getByTestId('download').count(), 0, `${bought.provider}: no download link after the refund`);
    const orderNo = (await orderRow.getAttribute('data-order-no'))!;
    const status = await buyer.evaluate(async (no) => (await fetch(`/api/orders/${no}/download`)).status, orderNo);
    w.t.not(status, 200, `${bought.provider}: the download is refused`);
  }
  await w.shot(buyer, 'orders-refunded');
}

/**
 * The domestic merchant setups (WeChat Pay and Alipay for a mainland merchant, in CNY at the
 * configured dated rate), one buyer per language side by side: checkout → the provider's sandbox
 * cashier → paid → download, then an operator refunds each order in the console → refunded → the
 * download is refused. The overseas setups' purchases are refunded at the end of the checkout
 * walks (checkout-<lang>.test.ts). The buyers start with a session cookie: the registration and
 * login dialogs have suites of their own.
 */
export async function domesticRefundWalks(): Promise<void> {
  // Two purchases and two refunds per buyer in a browser on a shared machine take longer than the default.
  t.setTimeout(480_000);
  await startWalks({ wechat: 'domestic', alipay: 'domestic' });
  for (const lang of ['en', 'zh'] as const)
    walk(
      'domestic: WeChat Pay and Alipay in CNY, then refunds',
      lang,
      async (w) => {
        await walkWeChat(w, 1, 'CNY');
        await walkAlipay(w, 2);
        await refundAllInConsole(w);
      },
      { signedIn: true },
    );
}
