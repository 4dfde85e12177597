// WeChat web authorization (snsapi_base) over real HTTP: the adapter's OAuth client against the
// WeChat sandbox's authorize page and code exchange, with WeChat's rules (only inside WeChat, the
// configured authorization domain, single-use codes bound to the AppID, the AppSecret) and the
// production check that JSAPI cannot run without the AppSecret.
import t from 'tap';
import {
  WechatOAuthClient,
  WechatOAuthError,
  WechatPayAdapter,
  adapterConfigFromCredentials,
  generateWechatCredentials,
} from '../../payments/src/wechat/index.js';
import { paymentSetupProblems } from '../../payments/src/setup/validate.js';
import { SANDBOX_WECHAT_USER_COOKIE, startWechatSandbox } from '@shop/sandboxes/wechat/index';
import { SANDBOX_BANK_ACCOUNT } from '@shop/sandboxes/combined';
import { WECHAT_USER_AGENT } from '../helpers/wechat-app.js';

const SHOP = 'shop.example.test:8443';
const REDIRECT = `https://${SHOP}/api/wechat/oauth/callback`;
const credentials = await generateWechatCredentials();
const sandbox = await startWechatSandbox({ credentials, oauthRedirectDomains: [SHOP] });
t.teardown(() => sandbox.close());
const adapter = new WechatPayAdapter(adapterConfigFromCredentials(credentials, sandbox.baseUrl));
const oauth = adapter.oauth!;

async function openidOf(user: string): Promise<string> {
  const res = await fetch(`${sandbox.baseUrl}/_control/oauth/openid?user=${encodeURIComponent(user)}`);
  return ((await res.json()) as { openid: string }).openid;
}

/** What WeChat's in-app browser does with the authorize URL when `user` is signed in to the app. */
async function visitAuthorize(url: string, opts: { user?: string | null; userAgent?: string } = {}) {
  const user = opts.user === undefined ? 'alice' : opts.user;
  const res = await fetch(url.replace(/#wechat_redirect$/, ''), {
    redirect: 'manual',
    headers: { 'user-agent': opts.userAgent ?? WECHAT_USER_AGENT, ...(user ? { cookie: `${SANDBOX_WECHAT_USER_COOKIE}=${user}` } : {}) },
  });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location) : null, body: location ? '' : await res.text() };
}

async function codeFor(user = 'alice', state = 'abc123'): Promise<string> {
  const r = await visitAuthorize(oauth.authorizeUrl(REDIRECT, state), { user });
  return r.location!.searchParams.get('code')!;
}

async function refusal(p: Promise<unknown>): Promise<WechatOAuthError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof WechatOAuthError) return err;
    throw err;
  }
  throw new Error('the exchange was not refused');
}

t.test('the authorize URL is the documented one, for the paying AppID', async (t) => {
  const u = oauth.authorizeUrl(REDIRECT, 'f00d');
  t.match(
    u,
    new RegExp(
      `^${sandbox.baseUrl}/connect/oauth2/authorize\\?appid=${credentials.appid}&redirect_uri=${encodeURIComponent(REDIRECT).replace(/[.]/g, '\\.')}&response_type=code&scope=snsapi_base&state=f00d#wechat_redirect$`,
    ),
  );
  const real = new WechatOAuthClient('wx1234567890abcdef', { appSecret: 'x'.repeat(32) });
  t.match(
    real.authorizeUrl(REDIRECT, 's1'),
    /^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?appid=wx1234567890abcdef&/,
    'defaults to open.weixin.qq.com',
  );
});

t.test('a good code gives the openid the WeChat user has under the AppID, once', async (t) => {
  const r = await visitAuthorize(oauth.authorizeUrl(REDIRECT, 'state42'));
  t.equal(r.status, 302);
  t.equal(`${r.location!.origin}${r.location!.pathname}`, REDIRECT, 'WeChat sends the browser back to redirect_uri');
  t.equal(r.location!.searchParams.get('state'), 'state42', 'with the state unchanged');
  const code = r.location!.searchParams.get('code')!;
  t.match(code, /^[0-9a-f]{32}$/);
  const who = await oauth.exchangeCode(code);
  t.same(who, { openid: await openidOf('alice'), scope: 'snsapi_base', appid: credentials.appid });
  t.match(who.openid, /^o[A-Za-z0-9_-]{27}$/);
  t.equal((await oauth.exchangeCode(await codeFor('alice'))).openid, who.openid, 'the same user has the same openid next time');
  t.not((await oauth.exchangeCode(await codeFor('bob'))).openid, who.openid, 'another user another one');

  const again = await refusal(oauth.exchangeCode(code));
  t.equal(again.errcode, 40163, 'a used code is refused: code been used');
  t.match(again.errmsg, /code been used/);
  t.equal(again.retryable, false);
});

t.test('the exchange answers WeChat error JSON for a bad code or credentials', async (t) => {
  t.equal((await refusal(oauth.exchangeCode('0'.repeat(32)))).errcode, 40029, 'an unknown code: invalid code');
  const wrongSecret = new WechatOAuthClient(credentials.appid, { appSecret: 'f'.repeat(32), apiBaseUrl: sandbox.baseUrl });
  const code = await codeFor();
  t.equal((await refusal(wrongSecret.exchangeCode(code))).errcode, 40125, 'a wrong AppSecret: invalid appsecret');
  const otherApp = new WechatOAuthClient('wxffffffffffffffff', { appSecret: credentials.appSecret, apiBaseUrl: sandbox.baseUrl });
  t.equal((await refusal(otherApp.exchangeCode(code))).errcode, 40013, 'an AppID WeChat does not know: invalid appid');
  t.ok((await oauth.exchangeCode(code)).openid, 'refused attempts do not spend the code');

  const res = await fetch(
    `${sandbox.baseUrl}/sns/oauth2/access_token?appid=${credentials.appid}&secret=${credentials.appSecret}&code=${await codeFor()}&grant_type=client_credential`,
  );
  t.match(JSON.parse(await res.text()), { errcode: 40002 }, 'grant_type must be authorization_code');
});

t.test('a code expires unused', async (t) => {
  const quick = await startWechatSandbox({ credentials, oauthRedirectDomains: [SHOP], oauthCodeLifetimeMs: 0 });
  t.teardown(() => quick.close());
  const client = new WechatPayAdapter(adapterConfigFromCredentials(credentials, quick.baseUrl)).oauth!;
  const r = await visitAuthorize(client.authorizeUrl(REDIRECT, 's'));
  t.equal((await refusal(client.exchangeCode(r.location!.searchParams.get('code')!))).errcode, 40029);
});

t.test('WeChat gives no code outside its app, to another domain or for another scope', async (t) => {
  const outside = await visitAuthorize(oauth.authorizeUrl(REDIRECT, 's'), { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120' });
  t.equal(outside.location, null, 'an ordinary browser is not redirected');
  t.match(outside.body, /请在微信客户端打开链接/);
  t.equal((await visitAuthorize(oauth.authorizeUrl(REDIRECT, 's'), { user: null })).location, null, 'nobody signed in to WeChat');
  const elsewhere = await visitAuthorize(oauth.authorizeUrl('https://evil.example/steal', 's'));
  t.equal(elsewhere.location, null, 'a redirect_uri off the authorization domain is refused');
  t.match(elsewhere.body, /redirect_uri域名与后台配置不一致/);
  const otherPort = await visitAuthorize(oauth.authorizeUrl('https://shop.example.test:9999/cb', 's'));
  t.equal(otherPort.location, null, 'the configured host means its port too');
  const userinfo = await visitAuthorize(oauth.authorizeUrl(REDIRECT, 's').replace('snsapi_base', 'snsapi_userinfo'));
  t.equal(userinfo.location, null, 'snsapi_userinfo is not granted silently');
});

t.test('a production start refuses WeChat Pay without the AppSecret JSAPI needs', async (t) => {
  const base = adapterConfigFromCredentials(credentials, 'https://apihk.mch.weixin.qq.com');
  const https = { ...base, setup: 'overseas' as const, merchantCategoryCode: '5942', oauth: { appSecret: credentials.appSecret } };
  const ctx = { production: true, publicUrl: 'https://shop.example.org' };
  t.same(paymentSetupProblems({ wechat: https, bankTransfer: SANDBOX_BANK_ACCOUNT }, ctx), [], 'accepted with the AppSecret');
  const { oauth: _gone, ...without } = https;
  t.match(paymentSetupProblems({ wechat: without, bankTransfer: SANDBOX_BANK_ACCOUNT }, ctx), [/wechat\.oauth\.appSecret/], 'refused without it');
  t.match(
    paymentSetupProblems(
      { wechat: { ...https, oauth: { appSecret: credentials.appSecret, apiBaseUrl: 'http://127.0.0.1:1/wechat' } }, bankTransfer: SANDBOX_BANK_ACCOUNT },
      ctx,
    ),
    [/oauth\.authorizeBaseUrl and wechat\.oauth\.apiBaseUrl must be https/],
    'and a sandbox OAuth host',
  );
  t.same(
    paymentSetupProblems({ wechat: { ...without, baseUrl: 'http://127.0.0.1:1' } }, { production: false, publicUrl: 'http://localhost:3000' }),
    [],
    'development may leave it out',
  );
  t.equal(new WechatPayAdapter(without).oauth, null, 'and then no payer can be verified');
});

t.test("institutional mode: the sub-merchant's AppID is authorized with its own AppSecret, not the provider's", async (t) => {
  const creds = await generateWechatCredentials();
  const subAppid = 'wx5ub0ff1c1a1acc01';
  const subAppSecret = 'b'.repeat(32);
  const sb = await startWechatSandbox({
    credentials: creds,
    oauthRedirectDomains: [SHOP],
    setup: 'overseas',
    mode: 'institutional',
    subMchid: '1900000109',
    subAppid,
    subAppSecret,
  });
  t.teardown(() => sb.close());
  const base = {
    ...adapterConfigFromCredentials(creds, sb.baseUrl),
    setup: 'overseas' as const,
    merchantCategoryCode: '5942',
    mode: 'institutional' as const,
    subMchid: '1900000109',
    subAppid,
  };
  const sub = new WechatPayAdapter({ ...base, oauth: { ...base.oauth!, appSecret: subAppSecret } }).oauth!;
  const code = async () => (await visitAuthorize(sub.authorizeUrl(REDIRECT, 'sub1'))).location!.searchParams.get('code')!;
  t.match(sub.authorizeUrl(REDIRECT, 'sub1'), new RegExp(`\\?appid=${subAppid}&`), 'the payer is authorized under the sub-merchant AppID');
  const withProviderSecret = new WechatPayAdapter({ ...base, oauth: { ...base.oauth!, appSecret: creds.appSecret } }).oauth!;
  t.equal((await refusal(withProviderSecret.exchangeCode(await code()))).errcode, 40125, "the service provider's AppSecret does not open a sub-AppID code");
  const who = await sub.exchangeCode(await code());
  t.equal(who.appid, subAppid, "the sub-merchant's AppSecret does, for an openid under the sub-AppID");
});
