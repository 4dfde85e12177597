// Inside WeChat's in-app browser the shop pays through WeixinJSBridge (JSAPI) instead of a QR code.
// The payer is whoever WeChat's web authorization (snsapi_base) names: the first JSAPI try sends
// the buyer through WeChat's authorize page (the sandbox's, which knows the WeChat user signed in to
// the app) and back, the shop exchanges the code server-side and keeps the openid on the session.
// The bridge is the WeChat sandbox's app side (test/helpers/wechat-app.ts): it checks the
// merchant's paySign and that the signed-in WeChat user is the payer of the order.
import t from 'tap';
import { zh } from '../../web/src/locales/zh/index.ts';
import { launchBrowser, openShop, screenshots, signInBuyer, toastSeen } from '../helpers/browser.js';
import { startStack, uniqueEmail } from '../helpers/stack.js';
import { eventually, tempDir } from '../helpers/tmp.js';
import { WECHAT_USER_AGENT, emulateWeChatApp } from '../helpers/wechat-app.js';
import { openPurchase, pdfOpensOnlyWith, saveDownload } from './buy-steps.js';

const env = { RETRY_DELAY_SCALE: '0.01', RATE_LIMIT_SCALE: '10' };

t.test('WeChat in-app (zh, 375 px): web authorization, JSAPI payment through the bridge, result page, download', async (t) => {
  const stack = await startStack(t, env, { payments: true });
  const browser = await launchBrowser(t);
  const { page, context, errors } = await openShop(browser, stack.base, { viewport: { width: 375, height: 812 }, userAgent: WECHAT_USER_AGENT });
  const app = await emulateWeChatApp(context, `${stack.sandboxes!.url}/wechat`, `weixin-${Date.now().toString(36)}`);
  const shot = screenshots('wechat-inapp-zh', t);
  const dir = tempDir(t);
  const email = uniqueEmail('inapp');
  await signInBuyer(stack, context, { email, language: 'zh' });
  const buyer = await stack.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const payerOnSession = () =>
    stack.db
      .selectFrom('sessions')
      .select(['wechat_openid', 'wechat_appid'])
      .where('user_id', '=', buyer.id)
      .where('wechat_openid', 'is not', null)
      .executeTakeFirst();

  // An old WeChat entry link still names an openid: it leaves the address and pays nobody.
  const forged = 'oForgedByTheEntryLink00000000';
  await page.goto(`/shop/zhPage?openId=${forged}`);
  await page.getByTestId('book').first().waitFor();
  t.notMatch(page.url(), /openId/, 'the openId left the address bar');

  // The first JSAPI try: the shop does not know the payer yet, so WeChat is asked (silently), the
  // buyer comes back to the book list and the purchase goes on by itself. The payer backs out of
  // the payment sheet: the order stays payable.
  const trip: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) trip.push(r.url());
  });
  app.nextAction = 'cancel';
  let p = await openPurchase(page, zh, { book: 0, search: '中', country: '中国', method: 'WECHAT_JSAPI', shot });
  t.notOk(await p.dlg.getByTestId('pay-WECHAT_NATIVE').count(), 'no QR payment offered inside WeChat');
  // The click starts WeChat's authorization round trip and waits for its navigations: room for a
  // loaded machine.
  await p.dlg.getByTestId('purchase-submit').click({ timeout: 60_000 });
  const verified = await eventually('the payer verified on the session', payerOnSession, 90_000);
  t.same(
    verified,
    { wechat_openid: app.openid, wechat_appid: stack.sandboxes!.adapters.wechat.appid },
    'the session holds the openid WeChat gave for the signed-in user',
  );
  await page.waitForURL(/\/shop\/index$/, { timeout: 60_000 });
  const step = (re: RegExp) => trip.findIndex((u) => re.test(u));
  const steps = [
    step(/\/api\/wechat\/oauth\/authorize\?returnTo=/),
    step(/\/wechat\/connect\/oauth2\/authorize\?appid=wx[^&]+&redirect_uri=[^&]+&response_type=code&scope=snsapi_base&state=[0-9a-f]{64}/),
    step(/\/api\/wechat\/oauth\/callback\?code=[0-9a-f]+&state=/),
  ];
  t.ok(
    steps.every((i, n) => i >= 0 && (n === 0 || i > steps[n - 1]!)),
    `the browser went shop → WeChat authorize → shop callback (${trip.join(' → ')})`,
  );
  await toastSeen(page, zh.pay.failed);
  t.same(
    app.calls.map((c) => c.answer.err_msg),
    ['get_brand_wcpay_request:cancel'],
    'back from WeChat the purchase went on without a second tap: the payment sheet was shown (and cancelled)',
  );
  t.equal((await stack.db.selectFrom('orders').select('order_no').execute()).length, 1, 'one order, made once the payer was known');
  const resumed = page.getByTestId('purchase-dialog');
  t.equal(await resumed.getByRole('combobox').inputValue(), '中国', 'the purchase dialog kept the country');
  t.equal(await resumed.getByTestId('pay-WECHAT_JSAPI').getAttribute('data-state'), 'checked', 'and the payment method');
  await shot(page, 'resumed-cancelled');

  // Pays on the second try.
  app.nextAction = 'pay';
  await page.keyboard.press('Escape');
  p = await openPurchase(page, zh, { book: 0, search: '中', country: '中国', method: 'WECHAT_JSAPI' });
  await p.dlg.getByTestId('purchase-submit').click({ timeout: 60_000 });
  await page.waitForURL(/\/shop\/views\/pay\/WxPayResult\?orderNo=/, { timeout: 60_000 });
  const last = app.calls.at(-1)!;
  t.equal(last.answer.err_msg, 'get_brand_wcpay_request:ok', `the bridge paid (${last.answer.err_desc ?? 'ok'})`);
  t.match(last.params, { signType: 'RSA', package: /^prepay_id=wx/ }, 'the page handed the signed parameters to the bridge');
  const ok = page.getByTestId('pay-success-dialog');
  await ok.waitFor({ timeout: 30_000 });
  t.match(await ok.innerText(), /购书成功/);
  await shot(page, 'success');
  const pdf = await saveDownload(page, dir, () => ok.getByTestId('result-confirm').click());
  t.same(pdfOpensOnlyWith(pdf.file, email), { withPassword: true, without: false }, 'the e-book opens with the login email only');

  const orders = await stack.db.selectFrom('orders').select(['order_no', 'status']).execute();
  t.same(
    orders.map((o) => o.status),
    ['paid'],
    'the cancelled try and the paid one are one order',
  );
  const view = (await (await fetch(`${stack.sandboxes!.url}/wechat/_control/orders`)).json()) as {
    orders: { tradeType: string; state: string; payerOpenid?: string }[];
  };
  t.same(
    view.orders.filter((o) => o.state === 'SUCCESS').map((o) => [o.tradeType, o.payerOpenid]),
    [['JSAPI', app.openid]],
    "WeChat recorded one JSAPI payment by the user WeChat authorized, not the entry link's openid",
  );
  t.same(
    errors.filter((e) => !/Failed to load resource/.test(e)),
    [],
    'no page errors',
  );
});
