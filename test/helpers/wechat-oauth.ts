// WeChat web authorization walked over HTTP, as WeChat's in-app browser walks it: the shop's
// start route, the WeChat sandbox's authorize page (with a WeChat user signed in to the app), and
// back to the shop's callback.
import { SANDBOX_WECHAT_USER_COOKIE } from '@shop/sandboxes/wechat/index';
import type { Client } from './http.js';
import { WECHAT_USER_AGENT } from './wechat-app.js';

/** The openid the WeChat sandbox gives `user` under the merchant's AppID. */
export async function sandboxOpenid(wechatSandboxUrl: string, user: string): Promise<string> {
  const res = await fetch(`${wechatSandboxUrl}/_control/oauth/openid?user=${encodeURIComponent(user)}`);
  return ((await res.json()) as { openid: string }).openid;
}

/** Starts authorization for the client's session; answers the shop's callback path WeChat sends the browser to. */
export async function authorizeAtWeChat(c: Client, user: string, returnTo = '/shop/index'): Promise<string> {
  const start = await c.request('GET', `/api/wechat/oauth/authorize?returnTo=${encodeURIComponent(returnTo)}&lang=en`, {
    headers: { 'user-agent': WECHAT_USER_AGENT },
  });
  const authorize = start.headers.get('location');
  if (start.status !== 302 || !authorize) throw new Error(`the shop did not send the buyer to WeChat (${start.status})`);
  const res = await fetch(authorize.replace(/#wechat_redirect$/, ''), {
    redirect: 'manual',
    headers: { 'user-agent': WECHAT_USER_AGENT, cookie: `${SANDBOX_WECHAT_USER_COOKIE}=${user}` },
  });
  const back = res.headers.get('location');
  if (res.status !== 302 || !back) throw new Error(`WeChat did not send the buyer back (${res.status}: ${await res.text()})`);
  const url = new URL(back);
  return `${url.pathname}${url.search}`;
}

/** The whole walk for the client's session; answers the openid the shop now holds for it. */
export async function verifyWechatPayer(c: Client, wechatSandboxUrl: string, user: string): Promise<string> {
  const callback = await authorizeAtWeChat(c, user);
  const res = await c.request('GET', callback, { headers: { 'user-agent': WECHAT_USER_AGENT } });
  if (res.status !== 302) throw new Error(`the shop refused the return from WeChat (${res.status}: ${await res.text()})`);
  return sandboxOpenid(wechatSandboxUrl, user);
}
