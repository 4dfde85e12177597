// WeChat web authorization (网页授权) with scope snsapi_base: how a page opened inside WeChat learns
// the buyer's openid under the paying AppID, which a JSAPI order must name as its payer.
//   1. the browser goes to open.weixin.qq.com/connect/oauth2/authorize (silent for snsapi_base);
//   2. WeChat sends it back to redirect_uri with `code` (single use, about 5 minutes) and `state`;
//   3. the server exchanges the code at api.weixin.qq.com/sns/oauth2/access_token with the AppSecret.
// The code never proves anything until step 3: only the openid WeChat answers there is trusted.

export const WECHAT_OAUTH_AUTHORIZE_BASE = 'https://open.weixin.qq.com';
export const WECHAT_OAUTH_API_BASE = 'https://api.weixin.qq.com';

export interface WechatOAuthConfig {
  /** The Official Account's AppSecret (公众号 开发 → 基本配置 → AppSecret) for the paying AppID. */
  appSecret: string;
  /** Where the authorize page lives; the sandbox stands in for open.weixin.qq.com. */
  authorizeBaseUrl?: string;
  /** Where the code is exchanged; the sandbox stands in for api.weixin.qq.com. */
  apiBaseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The error shape of the sns API, `{errcode, errmsg}`; `retryable` for network failures and busy answers. */
export class WechatOAuthError extends Error {
  constructor(
    readonly errcode: number | 'NETWORK' | 'BAD_RESPONSE',
    readonly errmsg: string,
    readonly retryable: boolean,
  ) {
    super(`WeChat OAuth ${errcode}: ${errmsg}`);
    this.name = 'WechatOAuthError';
  }
}

// -1 is "system busy" in WeChat's global error codes; everything else is final for this code.
const BUSY = new Set([-1]);

export interface WechatOAuthIdentity {
  openid: string;
  /** What the user granted: snsapi_base here. */
  scope: string;
  /** The AppID the openid belongs to. */
  appid: string;
}

function joinUrl(base: string, path: string): URL {
  return new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
}

export class WechatOAuthClient {
  private readonly fetchFn: typeof fetch;

  constructor(
    /** The AppID whose users the openids belong to: the one the JSAPI paySign names. */
    readonly appid: string,
    private readonly config: WechatOAuthConfig,
  ) {
    if (!config.appSecret) throw new Error('WeChat OAuth needs the AppSecret of the Official Account');
    this.fetchFn = config.fetch ?? fetch;
  }

  /** The URL the browser is sent to; `state` comes back unchanged and binds the return to the session. */
  authorizeUrl(redirectUri: string, state: string): string {
    const url = joinUrl(this.config.authorizeBaseUrl ?? WECHAT_OAUTH_AUTHORIZE_BASE, '/connect/oauth2/authorize');
    // Written in the documented order: reports say some WeChat clients refuse another (unverified).
    const q = [
      ['appid', this.appid],
      ['redirect_uri', redirectUri],
      ['response_type', 'code'],
      ['scope', 'snsapi_base'],
      ['state', state],
    ]
      .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
      .join('&');
    return `${url.origin}${url.pathname}?${q}#wechat_redirect`;
  }

  /** Exchanges a code for the openid; throws WechatOAuthError with WeChat's errcode on refusal. */
  async exchangeCode(code: string): Promise<WechatOAuthIdentity> {
    const url = joinUrl(this.config.apiBaseUrl ?? WECHAT_OAUTH_API_BASE, '/sns/oauth2/access_token');
    url.search = new URLSearchParams({ appid: this.appid, secret: this.config.appSecret, code, grant_type: 'authorization_code' }).toString();
    let res: Response;
    try {
      res = await this.fetchFn(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new WechatOAuthError('NETWORK', `WeChat unreachable: ${(err as Error).message}`, true);
    }
    const text = await res.text();
    let body: Record<string, unknown>;
    try {
      // WeChat answers text/plain JSON on this endpoint, so the body is parsed whatever its type.
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new WechatOAuthError('BAD_RESPONSE', `HTTP ${res.status} with a body that is not JSON`, res.status >= 500);
    }
    if (!body || typeof body !== 'object') throw new WechatOAuthError('BAD_RESPONSE', 'answer is not an object', false);
    if (typeof body.errcode === 'number' && body.errcode !== 0) {
      throw new WechatOAuthError(body.errcode, typeof body.errmsg === 'string' ? body.errmsg : '', BUSY.has(body.errcode));
    }
    if (!res.ok) throw new WechatOAuthError('BAD_RESPONSE', `HTTP ${res.status}`, res.status >= 500);
    const openid = body.openid;
    if (typeof openid !== 'string' || !/^[A-Za-z0-9_-]{6,64}$/.test(openid)) throw new WechatOAuthError('BAD_RESPONSE', 'answer carries no openid', false);
    return { openid, scope: typeof body.scope === 'string' ? body.scope : '', appid: this.appid };
  }
}
