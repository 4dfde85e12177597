// WeChat web authorization (snsapi_base) for paying inside WeChat: the SPA sends the buyer here
// when checkout answers WECHAT_AUTH_REQUIRED; WeChat sends the buyer back with a code, which is
// exchanged server-side for the openid kept on the session.
//   GET /api/wechat/oauth/authorize?returnTo=/shop/...&lang=zh  → 302 to WeChat's authorize page
//   GET /api/wechat/oauth/callback?code=…&state=…               → 302 back to returnTo
// `state` is 256 random bits kept in Redis for ten minutes with the hash of the session token it
// was made for, and taken once: a return to another session (a forged or replayed link) is refused.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '@shop/config';
import { WechatOAuthError } from '@shop/payments/wechat/index';
import { rememberWechatPayer } from '../services/accounts/sessions.js';
import { wechatOAuthOf } from '../services/payments/wechat-payer.js';
import { text, type Locale, type MessageKey } from '../i18n/messages.js';
import { requestLocale } from '../i18n/locale.js';

export const WECHAT_OAUTH_START = '/api/wechat/oauth/authorize';
export const WECHAT_OAUTH_CALLBACK = '/api/wechat/oauth/callback';
const STATE_TTL_SECONDS = 600;
// WeChat takes a state of letters and digits only, up to 128 bytes.
const STATE = /^[0-9a-f]{64}$/;

interface PendingAuthorization {
  session: string;
  returnTo: string;
  lang: Locale;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A navigation gets a page, not JSON: the message in the buyer's language and a way back. */
function refusalPage(reply: FastifyReply, status: number, key: MessageKey, lang: Locale, back: string): FastifyReply {
  const msg = escapeHtml(text(key, lang));
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${msg}</title><p role="alert" data-testid="wechat-oauth-error">${msg}</p><p><a href="${escapeHtml(back)}">${escapeHtml(text('backToShop', lang))}</a></p></html>`,
    );
}

const routes: FastifyPluginAsync = async (app) => {
  const { basePath, publicUrl, queuePrefix } = app.config;
  const home = `${basePath}index`;
  const key = (state: string) => `${queuePrefix}:wechat-oauth:${state}`;
  // Only a path of the SPA: never another origin (an open redirect) nor a protocol-relative URL.
  const safeReturn = (v: unknown): string =>
    typeof v === 'string' && v.startsWith(basePath) && !v.startsWith('//') && !/[\\\s]/.test(v) && v.length <= 512 ? v : home;
  const langOf = (req: FastifyRequest, v: unknown): Locale => (v === 'zh' || v === 'en' ? v : requestLocale(req));

  app.get<{ Querystring: { returnTo?: string; lang?: string } }>(WECHAT_OAUTH_START, async (req, reply) => {
    const lang = langOf(req, req.query.lang);
    const returnTo = safeReturn(req.query.returnTo);
    if (!req.user || !req.sessionToken) return refusalPage(reply, 401, 'notLoggedIn', lang, returnTo);
    // WeChat authorizes only inside its own browser; elsewhere the buyer pays by QR code.
    if (!/MicroMessenger/i.test(req.headers['user-agent'] ?? '')) return refusalPage(reply, 400, 'openInWeChat', lang, returnTo);
    const oauth = wechatOAuthOf(app.deps);
    if (!oauth) return refusalPage(reply, 400, 'paymentMethodUnavailable', lang, returnTo);
    const state = randomBytes(32).toString('hex');
    const pending: PendingAuthorization = { session: sha256(req.sessionToken), returnTo, lang };
    await app.redis.set(key(state), JSON.stringify(pending), 'EX', STATE_TTL_SECONDS);
    return reply.header('cache-control', 'no-store').redirect(oauth.authorizeUrl(`${publicUrl}${WECHAT_OAUTH_CALLBACK}`, state), 302);
  });

  app.get<{ Querystring: { code?: string; state?: string } }>(WECHAT_OAUTH_CALLBACK, async (req, reply) => {
    const { code, state } = req.query;
    const fallbackLang = requestLocale(req);
    if (typeof state !== 'string' || !STATE.test(state)) {
      req.log.warn('wechat oauth return without a valid state');
      return refusalPage(reply, 400, 'wechatLoginError', fallbackLang, home);
    }
    // Taken once, whatever follows: a state is never good for a second return.
    const raw = await app.redis.getdel(key(state));
    const pending = raw ? (JSON.parse(raw) as PendingAuthorization) : null;
    if (!pending) {
      req.log.warn('wechat oauth return with an unknown, expired or used state');
      return refusalPage(reply, 400, 'wechatLoginError', fallbackLang, home);
    }
    if (!req.user || !req.sessionToken || sha256(req.sessionToken) !== pending.session) {
      req.log.warn({ userId: req.user?.id ?? null }, 'wechat oauth state was made for another session');
      return refusalPage(reply, 403, 'wechatLoginError', pending.lang, pending.returnTo);
    }
    const oauth = wechatOAuthOf(app.deps);
    if (!oauth) return refusalPage(reply, 400, 'paymentMethodUnavailable', pending.lang, pending.returnTo);
    if (typeof code !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(code)) {
      req.log.warn('wechat oauth return without a code');
      return refusalPage(reply, 400, 'wechatLoginError', pending.lang, pending.returnTo);
    }
    let identity;
    try {
      identity = await oauth.exchangeCode(code);
    } catch (err) {
      if (!(err instanceof WechatOAuthError)) throw err;
      req.log.warn({ errcode: err.errcode, errmsg: err.errmsg }, 'wechat oauth code exchange refused');
      return refusalPage(reply, err.retryable ? 502 : 400, 'wechatLoginError', pending.lang, pending.returnTo);
    }
    if (!(await rememberWechatPayer(app.deps, req.sessionToken, identity))) return refusalPage(reply, 401, 'notLoggedIn', pending.lang, pending.returnTo);
    req.log.info({ userId: req.user.id, appid: identity.appid }, 'wechat payer verified for the session');
    return reply.header('cache-control', 'no-store').redirect(pending.returnTo, 302);
  });
};

export default routes;
