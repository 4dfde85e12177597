// WeChat web authorization (snsapi_base) as the sandbox serves it, under the same prefix as the
// Pay API: the authorize page WeChat's in-app browser opens, and the server-side code exchange.
// Rules kept from WeChat: only WeChat's own browser gets a code; the redirect_uri must be on the
// domain configured for web authorization; a code is single-use, short-lived and bound to its
// AppID; the exchange needs that AppID's AppSecret. Errors use WeChat's {errcode, errmsg} shape.
// The WeChat user signed in to the app is the `sandbox_wechat_user` cookie on the sandbox's host
// (what the real app knows without asking); a test sets it and reads the openid from _control.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { WechatSandbox } from './sandbox.js';

export const SANDBOX_WECHAT_USER_COOKIE = 'sandbox_wechat_user';

type Query = Record<string, string | undefined>;

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// WeChat shows its error pages in the app rather than redirecting; the wording is WeChat's.
function errorPage(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><meta charset="utf-8"><title>微信</title><p data-testid="wechat-oauth-error">${message}</p>`);
}

const rid = () => `rid: ${randomBytes(6).toString('hex')}`;

export function registerOAuthRoutes(app: FastifyInstance, sb: WechatSandbox): void {
  const appids = () => [sb.credentials.appid, ...(sb.setup.subAppid ? [sb.setup.subAppid] : [])];

  app.get<{ Querystring: Query }>('/connect/oauth2/authorize', async (req, reply) => {
    if (!/MicroMessenger/i.test(req.headers['user-agent'] ?? '')) return errorPage(reply, '请在微信客户端打开链接');
    const weixinUser = cookie(req.headers.cookie, SANDBOX_WECHAT_USER_COOKIE);
    if (!weixinUser) return errorPage(reply, '请在微信客户端打开链接');
    const q = req.query;
    if (!q.appid || !appids().includes(q.appid)) return errorPage(reply, '参数错误 appid (10002)');
    if (q.response_type !== 'code') return errorPage(reply, '参数错误 response_type');
    // snsapi_userinfo would need a consent page this shop never asks for.
    if (q.scope !== 'snsapi_base') return errorPage(reply, 'scope参数错误或没有scope权限 (10005)');
    if (q.state !== undefined && !/^[A-Za-z0-9]{0,128}$/.test(q.state)) return errorPage(reply, 'state参数错误');
    let target: URL;
    try {
      target = new URL(q.redirect_uri ?? '');
    } catch {
      return errorPage(reply, 'redirect_uri参数错误 (10003)');
    }
    if (!['http:', 'https:'].includes(target.protocol) || !sb.oauthRedirectDomains.includes(target.host)) {
      return errorPage(reply, 'redirect_uri域名与后台配置不一致 (10003)');
    }
    target.searchParams.set('code', sb.oauthCodes.issue(q.appid, weixinUser));
    target.searchParams.set('state', q.state ?? '');
    return reply.redirect(target.toString(), 302);
  });

  app.get<{ Querystring: Query }>('/sns/oauth2/access_token', async (req, reply) => {
    const q = req.query;
    // WeChat answers its sns errors with HTTP 200; the body says what went wrong.
    const fail = (errcode: number, errmsg: string) => reply.type('text/plain').send(JSON.stringify({ errcode, errmsg: `${errmsg} ${rid()}` }));
    if (!q.appid) return fail(41002, 'appid missing');
    if (!q.secret) return fail(41004, 'appsecret missing');
    if (!q.code) return fail(41008, 'missing code');
    if (q.grant_type !== 'authorization_code') return fail(40002, 'invalid grant_type');
    if (!appids().includes(q.appid)) return fail(40013, 'invalid appid');
    // Each AppID has its own AppSecret: a sub-merchant's code needs the sub-merchant's secret.
    const secret = q.appid === sb.setup.subAppid ? sb.setup.subAppSecret! : sb.credentials.appSecret;
    if (!sameSecret(q.secret, secret)) return fail(40125, 'invalid appsecret');
    const r = sb.oauthCodes.redeem(q.code, q.appid);
    if ('errcode' in r) return fail(r.errcode, r.errmsg);
    return reply.type('text/plain').send(
      JSON.stringify({
        access_token: randomBytes(48).toString('base64url'),
        expires_in: 7200,
        refresh_token: randomBytes(48).toString('base64url'),
        openid: r.ok.openid,
        scope: 'snsapi_base',
      }),
    );
  });

  // The openid a WeChat user of this sandbox has under the (default: merchant's) AppID.
  app.get<{ Querystring: Query }>('/_control/oauth/openid', async (req, reply) => {
    const user = req.query.user;
    const appid = req.query.appid ?? sb.credentials.appid;
    if (!user || !appids().includes(appid)) return reply.code(400).send({ error: 'user and a known appid are required' });
    return { appid, openid: sb.oauthCodes.openidFor(appid, user) };
  });
}
