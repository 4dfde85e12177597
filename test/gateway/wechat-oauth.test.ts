// Paying inside WeChat (JSAPI) through the gateway: the payer is the openid WeChat's web
// authorization verified for the session, never one the client sends; the return from WeChat is
// bound to the session that started it (state, CSRF) and the code is exchanged server-side.
import t from 'tap';
import { buyerWithoutMail } from '../admin/helpers.js';
import { buy } from '../helpers/orders.js';
import { IN_PROCESS_PUBLIC_URL, sandboxPayments } from '../helpers/admin-state.js';
import { startInProcess } from '../helpers/stack.js';
import { WECHAT_USER_AGENT } from '../helpers/wechat-app.js';
import { authorizeAtWeChat, sandboxOpenid } from '../helpers/wechat-oauth.js';

const inWeChat = { 'user-agent': WECHAT_USER_AGENT };

t.test('JSAPI pays the openid WeChat verified for the session', async (t) => {
  // The gateway answers through inject(); the browser's trips to WeChat go to the listening WeChat
  // sandbox, whose authorization domain is the shop's public URL.
  // The buyers are made in the table and log in: no worker mails a registration code.
  const payments = await sandboxPayments(t);
  const stack = await startInProcess(t, payments.env, { workers: false });
  const wechatUrl = `${payments.sandboxes.url}/wechat`;
  const appid = payments.sandboxes.adapters.wechat.appid;
  const { client: alice, userId: aliceId } = await buyerWithoutMail(stack, 'alice');
  const { client: mallory } = await buyerWithoutMail(stack, 'mallory');
  const aliceSessions = () => stack.db.selectFrom('sessions').select(['wechat_openid', 'wechat_appid']).where('user_id', '=', aliceId).execute();
  const orderCount = async () => (await stack.db.selectFrom('orders').select('order_no').where('user_id', '=', aliceId).execute()).length;
  const aliceOpenid = await sandboxOpenid(wechatUrl, 'alice');

  await t.test('an openid from the client is not a payer', async (t) => {
    const r = await buy(alice, { paymentMethod: 'WECHAT_JSAPI', openId: aliceOpenid }, inWeChat);
    t.match(
      r.errors?.[0],
      { message: 'OpenId must not be empty', extensions: { code: 'WECHAT_AUTH_REQUIRED' } },
      'GraphQL checkout asks for web authorization',
    );
    const legacy = await alice.form('/api/login/registratorComplex', {
      bookId: '1',
      bookFormat: '0',
      payType: '2',
      plat: 'wx',
      openId: aliceOpenid,
      purchaseInfo: JSON.stringify({ country: 'Germany' }),
    });
    t.match(legacy, { code: 400, message: 'OpenId must not be empty' }, 'the legacy call keeps its openId field but does not pay it');
    t.equal(await orderCount(), 0, 'no order was made');
  });

  await t.test('the start sends a signed-in buyer inside WeChat to the authorize page', async (t) => {
    const guest = stack.client();
    const anonymous = await guest.request('GET', '/api/wechat/oauth/authorize?returnTo=/shop/index', { headers: inWeChat });
    t.equal(anonymous.status, 401);
    t.match(await anonymous.text(), /Please log in first/);
    const desktop = await alice.request('GET', '/api/wechat/oauth/authorize?returnTo=/shop/index&lang=zh');
    t.equal(desktop.status, 400, 'outside WeChat there is nothing to authorize');
    t.match(await desktop.text(), /请在微信中打开此页面/);

    const res = await alice.request('GET', '/api/wechat/oauth/authorize?returnTo=https://evil.example/&lang=en', { headers: inWeChat });
    t.equal(res.status, 302);
    const location = res.headers.get('location')!;
    t.match(location, /#wechat_redirect$/);
    const u = new URL(location);
    t.equal(`${u.origin}${u.pathname}`, `${wechatUrl}/connect/oauth2/authorize`);
    t.same([...u.searchParams.keys()], ['appid', 'redirect_uri', 'response_type', 'scope', 'state'], 'the documented parameters in their order');
    t.match(Object.fromEntries(u.searchParams), {
      appid,
      redirect_uri: `${IN_PROCESS_PUBLIC_URL}/api/wechat/oauth/callback`,
      response_type: 'code',
      scope: 'snsapi_base',
      state: /^[0-9a-f]{64}$/,
    });
  });

  await t.test('a return to another session is refused, and the state is spent', async (t) => {
    const callback = await authorizeAtWeChat(alice, 'alice');
    const stolen = await mallory.request('GET', callback, { headers: inWeChat });
    t.equal(stolen.status, 403, "alice's code and state do not verify mallory's session");
    t.match(await stolen.text(), /WeChat login error/);
    const late = await alice.request('GET', callback, { headers: inWeChat });
    t.equal(late.status, 400, 'a state is taken once');
    const forged = await alice.request('GET', `/api/wechat/oauth/callback?code=abc&state=${'0'.repeat(64)}`, {
      headers: { ...inWeChat, 'accept-language': 'zh-CN' },
    });
    t.equal(forged.status, 400, 'a state the shop never made');
    t.match(await forged.text(), /微信登录出错/, "in the buyer's language");
    t.equal((await alice.request('GET', '/api/wechat/oauth/callback?code=abc', { headers: inWeChat })).status, 400, 'no state at all');
    t.same(await aliceSessions(), [{ wechat_openid: null, wechat_appid: null }], 'no payer was kept');
  });

  let usedCallback = '';
  await t.test("the buyer's own return keeps the openid WeChat answered on the session", async (t) => {
    usedCallback = await authorizeAtWeChat(alice, 'alice', '/shop/zhPage');
    const back = await alice.request('GET', usedCallback, { headers: inWeChat });
    t.equal(back.status, 302);
    t.equal(back.headers.get('location'), '/shop/zhPage', 'back where the buyer was');
    t.same(await aliceSessions(), [{ wechat_openid: aliceOpenid, wechat_appid: appid }]);
  });

  await t.test('a used code is refused by WeChat and changes nothing', async (t) => {
    const fresh = new URL(await authorizeAtWeChat(alice, 'someone-else'), IN_PROCESS_PUBLIC_URL);
    const used = new URL(usedCallback, IN_PROCESS_PUBLIC_URL);
    fresh.searchParams.set('code', used.searchParams.get('code')!);
    const res = await alice.request('GET', `${fresh.pathname}${fresh.search}`, { headers: inWeChat });
    t.equal(res.status, 400);
    t.match(await res.text(), /WeChat login error/);
    t.same(await aliceSessions(), [{ wechat_openid: aliceOpenid, wechat_appid: appid }], 'the verified payer stays');
  });

  await t.test('checkout makes the JSAPI order out to the verified payer, whatever the client sends', async (t) => {
    const r = await buy(alice, { paymentMethod: 'WECHAT_JSAPI', openId: 'oSomebodyElseEntirelyXXXXXXX' }, inWeChat);
    t.notOk(r.errors, JSON.stringify(r.errors ?? ''));
    const paySign = r.data!.checkout.paymentIntent.nextAction.paySign!;
    t.equal(paySign.appId, appid);
    const bridge = (openid: string) =>
      fetch(`${wechatUrl}/client/jsapi`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...paySign, openid, action: 'pay' }),
      }).then((res) => res.json() as Promise<{ err_msg: string; err_desc?: string }>);
    t.match(
      await bridge('oSomebodyElseEntirelyXXXXXXX'),
      { err_msg: 'get_brand_wcpay_request:fail', err_desc: /not the payer/ },
      "the client's openid cannot pay it",
    );
    t.match(await bridge(aliceOpenid), { err_msg: 'get_brand_wcpay_request:ok' }, 'the verified WeChat user can');
  });
});
