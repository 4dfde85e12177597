// What a production start refuses: a merchant setup that cannot take a real payment.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { rateProblems } from '../fx/convert.js';
import { loadPrivateKey, loadPublicKey } from '../alipay/keys.js';
import type { PaymentsConfigFile } from '../registry.js';
import { bankDetailProblems, chargesProblems } from './bank-details.js';

export interface SetupCheckContext {
  production: boolean;
  /** The gateway's external URL: notify URLs are built on it. */
  publicUrl: string;
  /**
   * The benchmark's production-mode stack, whose providers are the local sandboxes: plain http is
   * accepted for loopback addresses only (no real provider or buyer can be reached there).
   */
  loopbackHttp?: boolean;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

function secureUrl(url: string | undefined, ctx: SetupCheckContext): boolean {
  if (!url) return true;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || (!!ctx.loopbackHttp && u.protocol === 'http:' && loopbackHosts.has(u.hostname));
  } catch {
    return false;
  }
}

function parses(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch {
    return false;
  }
}

function wechatProblems(cfg: PaymentsConfigFile, ctx: SetupCheckContext): string[] {
  const w = cfg.wechat;
  if (!w) return [];
  const out: string[] = [];
  // Outside production an unnamed setup is the domestic one (what the adapter defaults to).
  if (w.setup !== 'overseas' && w.setup !== 'domestic' && (ctx.production || w.setup !== undefined)) out.push('wechat.setup must be "overseas" or "domestic"');
  if (!w.mchid || !w.appid) out.push('wechat.mchid and wechat.appid are required');
  if (!w.merchantSerialNo || !w.merchantPrivateKey || !parses(() => createPrivateKey(w.merchantPrivateKey)))
    out.push('wechat.merchantSerialNo and a readable wechat.merchantPrivateKey are required');
  if (!w.apiV3Key || Buffer.byteLength(w.apiV3Key, 'utf8') !== 32) out.push('wechat.apiV3Key must be the 32-byte APIv3 key');
  if (!w.platformCertificates?.length && !w.wechatpayPublicKey) out.push('wechat needs platformCertificates or wechatpayPublicKey');
  if (w.wechatpayPublicKey && !parses(() => createPublicKey(w.wechatpayPublicKey!.pem))) out.push('wechat.wechatpayPublicKey.pem is not a public key');
  if (w.setup === 'overseas') {
    if (!w.merchantCategoryCode || !/^\d{4}$/.test(w.merchantCategoryCode))
      out.push('wechat.merchantCategoryCode (4-digit MCC) is required for the overseas setup');
    if (w.mode === 'institutional' && !w.subMchid) out.push('wechat.subMchid is required in institutional mode');
  }
  if (w.setup === 'domestic' || (!ctx.production && w.setup === undefined)) {
    if (w.mode === 'institutional') out.push('wechat institutional mode exists only for the overseas setup here');
    if (w.currency && w.currency.toUpperCase() !== 'CNY') out.push(`wechat domestic setup takes CNY only, not ${w.currency}`);
    out.push(
      ...rateProblems(
        cfg.exchangeRates?.find((r) => r.from === 'EUR' && r.to === 'CNY'),
        'EUR',
        'CNY',
      ).map((p) => `wechat domestic setup: ${p}`),
    );
  }
  if (ctx.production && !secureUrl(w.baseUrl, ctx)) out.push('wechat.baseUrl must be https in production');
  // JSAPI (paying inside WeChat) names the payer by the openid that web authorization verified.
  if (ctx.production && !w.oauth?.appSecret)
    out.push(
      'wechat.oauth.appSecret (the AppSecret of the Official Account of the paying AppID) is required: payments inside WeChat (JSAPI) need the payer openid from web authorization',
    );
  if (ctx.production && (!secureUrl(w.oauth?.authorizeBaseUrl, ctx) || !secureUrl(w.oauth?.apiBaseUrl, ctx)))
    out.push('wechat.oauth.authorizeBaseUrl and wechat.oauth.apiBaseUrl must be https in production');
  return out;
}

function alipayProblems(cfg: PaymentsConfigFile, ctx: SetupCheckContext): string[] {
  const a = cfg.alipay;
  if (!a) return [];
  const out: string[] = [];
  if (a.setup === 'overseas') {
    if (!/^2088\d{12}$/.test(a.partner ?? '')) out.push('alipay.partner must be the 16-digit partner id (2088…)');
    if (!a.privateKey || !parses(() => loadPrivateKey(a.privateKey))) out.push('alipay.privateKey is missing or unreadable');
    if (!a.alipayPublicKey || !parses(() => loadPublicKey(a.alipayPublicKey))) out.push('alipay.alipayPublicKey is missing or unreadable');
    if (a.currency && !/^[A-Z]{3}$/.test(a.currency)) out.push('alipay.currency must be the contracted settlement currency (e.g. EUR)');
    if (ctx.production && !secureUrl(a.gatewayUrl, ctx)) out.push('alipay.gatewayUrl must be https in production');
  } else if (a.setup === 'domestic' || (!ctx.production && a.setup === undefined)) {
    if (!a.appId) out.push('alipay.appId is required');
    if (!a.appPrivateKey || !parses(() => loadPrivateKey(a.appPrivateKey))) out.push('alipay.appPrivateKey is missing or unreadable');
    if (!a.alipayPublicKey || !parses(() => loadPublicKey(a.alipayPublicKey))) out.push('alipay.alipayPublicKey is missing or unreadable');
    if ('currency' in a && a.currency && String(a.currency).toUpperCase() !== 'CNY')
      out.push(`alipay domestic setup takes CNY only, not ${String(a.currency)}`);
    out.push(
      ...rateProblems(
        cfg.exchangeRates?.find((r) => r.from === 'EUR' && r.to === 'CNY'),
        'EUR',
        'CNY',
      ).map((p) => `alipay domestic setup: ${p}`),
    );
    if (ctx.production && !secureUrl(a.gatewayUrl, ctx)) out.push('alipay.gatewayUrl must be https in production');
  } else {
    out.push('alipay.setup must be "overseas" or "domestic"');
  }
  return out;
}

function paypalProblems(cfg: PaymentsConfigFile, ctx: SetupCheckContext): string[] {
  const p = cfg.paypal;
  if (!p) return [];
  const out: string[] = [];
  for (const key of ['baseUrl', 'clientId', 'clientSecret', 'webhookId'] as const) if (!p[key]) out.push(`paypal.${key} is required`);
  if (ctx.production && (!secureUrl(p.baseUrl, ctx) || (p.allowHttpCertUrl && !ctx.loopbackHttp)))
    out.push('paypal.baseUrl must be https and allowHttpCertUrl off in production');
  return out;
}

/**
 * Every problem with the payments configuration. Outside production only the ones that break
 * the adapters count; a production start also refuses http notification URLs, sandbox hosts and
 * a bank transfer without bank details.
 */
export function paymentSetupProblems(cfg: PaymentsConfigFile, ctx: SetupCheckContext): string[] {
  const out = [...wechatProblems(cfg, ctx), ...alipayProblems(cfg, ctx), ...paypalProblems(cfg, ctx)];
  if (ctx.production) {
    const online = cfg.wechat || cfg.alipay || cfg.paypal;
    if (online && !secureUrl(ctx.publicUrl, ctx)) out.push('PUBLIC_URL must be https in production: providers send notifications only to https URLs');
    out.push(...bankDetailProblems(cfg.bankTransfer));
  } else out.push(...chargesProblems(cfg.bankTransfer));
  return out;
}
