// Who pays inside WeChat: the openid WeChat's web authorization verified for this session under
// the paying AppID. A client-supplied openid is never taken: anyone can type one, and a JSAPI
// order made out to another user's openid could only be paid by that user.
import type { WechatOAuthClient } from '@shop/payments/wechat/index';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { appError } from '../errors.js';

/** The web-authorization client of the configured WeChat Pay merchant, or null without an AppSecret. */
export function wechatOAuthOf(deps: Pick<ServiceDeps, 'providers'>): WechatOAuthClient | null {
  const p = deps.providers.wechat as { oauth?: WechatOAuthClient | null } | undefined;
  return p?.oauth ?? null;
}

/** The session's verified openid for the paying AppID; refuses with WECHAT_AUTH_REQUIRED when there is none. */
export function verifiedWechatPayer(deps: Pick<ServiceDeps, 'providers'>, user: SessionUser): string {
  const oauth = wechatOAuthOf(deps);
  if (!oauth) throw appError('paymentMethodUnavailable', { field: 'paymentMethod' });
  if (!user.wechat || user.wechat.appid !== oauth.appid) throw appError('openIdRequired', { field: 'openId' });
  return user.wechat.openid;
}
