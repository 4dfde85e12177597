import type { BrowserContext } from 'playwright-core';
import { SANDBOX_WECHAT_USER_COOKIE } from '@shop/sandboxes/wechat/index';
import { sandboxOpenid } from './wechat-oauth.js';

/** The user agent of WeChat's in-app browser on Android, which is how the SPA knows where it runs. */
export const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN';

export interface WeChatApp {
  /** The openid WeChat gives the signed-in user under the merchant's AppID. */
  openid: string;
  /** Every getBrandWCPayRequest the page made, with the app's answer. */
  calls: { params: Record<string, unknown>; answer: { err_msg: string; err_desc?: string } }[];
  /** What the signed-in user does on the next payment sheets ('pay' unless told otherwise). */
  nextAction: 'pay' | 'cancel';
}

/**
 * Makes a browser context behave like WeChat's in-app browser with `weixinUser` signed in to the
 * app: WeChat's authorize page (the sandbox's) knows that user, as the real one does, and the page
 * gets `window.WeixinJSBridge`, whose getBrandWCPayRequest goes to the WeChat sandbox's app side,
 * which checks the merchant's paySign and the payer just as the real app does. The call leaves the
 * page through a Playwright binding, as the real bridge leaves through the app, so the shop's CSP
 * does not apply to it.
 */
export async function emulateWeChatApp(context: BrowserContext, wechatSandboxUrl: string, weixinUser: string): Promise<WeChatApp> {
  await context.addCookies([{ name: SANDBOX_WECHAT_USER_COOKIE, value: weixinUser, url: new URL(wechatSandboxUrl).origin }]);
  const openid = await sandboxOpenid(wechatSandboxUrl, weixinUser);
  const app: WeChatApp = { openid, calls: [], nextAction: 'pay' };
  await context.exposeBinding('__wechatAppPay', async (_source, params: Record<string, unknown>) => {
    const res = await fetch(`${wechatSandboxUrl}/client/jsapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...params, openid, action: app.nextAction }),
    });
    const answer = (await res.json()) as { err_msg: string; err_desc?: string };
    app.calls.push({ params, answer });
    return { err_msg: answer.err_msg };
  });
  await context.addInitScript(() => {
    (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
      invoke(name: string, params: unknown, cb: (res: { err_msg: string }) => void) {
        if (name !== 'getBrandWCPayRequest') return cb({ err_msg: `${name}:fail` });
        const call = (window as unknown as { __wechatAppPay(p: unknown): Promise<{ err_msg: string }> }).__wechatAppPay;
        void call(params).then(cb, () => cb({ err_msg: 'get_brand_wcpay_request:fail' }));
      },
    };
  });
  return app;
}
