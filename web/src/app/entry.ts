import { BASE, ROUTER_BASENAME } from '../lib/config';
import { isLocale, storeLocale } from '../lib/i18n';
import { beginHandover } from '../lib/login-gate';
import { storeTokenCookie, writeStored } from '../lib/storage';

export interface EntryFlags {
  /** ?logout: end the session on load. */
  logout: boolean;
  /**
   * ?orderToken: a session handed over by a link. Stored as the token cookie (spec section 2) only
   * once the visitor confirmed the account it signs into (OrderTokenConfirm), so a link cannot log
   * someone into another account without their action (login CSRF).
   */
  orderToken: string | null;
}

const USER_PARAMS = ['email', 'userId', 'phonenumber', 'user', 'loginFirst'] as const;
const CONSUMED = ['logout', 'language', 'orderToken', 'login', 'openId', ...USER_PARAMS];

/**
 * Reads the entry paths and query parameters of spec section 2 before the first render, then
 * removes them from the address so a reload does not repeat them.
 */
export function readEntry(): EntryFlags {
  const url = new URL(window.location.href);
  const q = url.searchParams;
  const path = url.pathname.slice(ROUTER_BASENAME.length) || '/';
  // Old WeChat entry links still carry ?openId: it is taken out of the address and forgotten, since
  // the payer is only ever the one WeChat's web authorization verifies server-side.
  writeStored('openId', null);

  // /zhPage and /enPage set the language; a token is carried on to / with the user fields.
  const pageLang = path === '/zhPage' ? 'zh' : path === '/enPage' ? 'en' : null;
  if (pageLang) {
    storeLocale(pageLang);
    const token = q.get('token');
    if (q.has('login') && !token) writeStored('loginNeeded', '1');
    const carry = new URLSearchParams();
    if (token) for (const k of ['token', ...USER_PARAMS]) if (q.get(k)) carry.set(k, q.get(k)!);
    // Straight to the book list (not to / and its redirect): the HTML the gateway rendered for
    // these paths is the book list's, which the router must find to hydrate it.
    window.history.replaceState(null, '', `${BASE}index${carry.size ? `?${carry}` : ''}`);
    return readEntry();
  }

  const language = q.get('language');
  if (isLocale(language)) storeLocale(language);
  const orderToken = q.get('orderToken');
  if (orderToken) beginHandover();
  // Only the start page takes a session token: on /views/pay/PayPalResult `token` is the order.
  const startPage = path === '/' || path === '/index';
  const token = startPage ? q.get('token') : null;
  if (token) storeTokenCookie(token);
  for (const k of USER_PARAMS) {
    const v = q.get(k);
    if (v !== null) writeStored(k, v);
  }
  if (q.has('login') && !token && !orderToken) writeStored('loginNeeded', '1');

  const flags = { logout: q.has('logout'), orderToken: orderToken || null };
  const consumed = [...CONSUMED, ...(startPage ? ['token'] : [])];
  // A redirect keeps the fragment of the URL it came from: back from WeChat's authorize page the
  // address still ends in its #wechat_redirect, which means nothing here.
  const hash = url.hash === '#wechat_redirect' ? '' : url.hash;
  if (consumed.some((k) => q.has(k)) || hash !== url.hash) {
    for (const k of consumed) q.delete(k);
    window.history.replaceState(window.history.state, '', `${url.pathname}${q.size ? `?${q}` : ''}${hash}`);
  }
  return flags;
}
