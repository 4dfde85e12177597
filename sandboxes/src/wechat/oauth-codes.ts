// WeChat web authorization's codes as WeChat hands them out: one per authorize visit, usable once,
// expiring after five minutes unused, and good only for the AppID that asked for it.
import { createHash, randomBytes } from 'node:crypto';

export interface OAuthGrant {
  appid: string;
  openid: string;
  expiresAt: number;
  used: boolean;
}

/** WeChat documents 5 minutes for an unused code. */
export const OAUTH_CODE_LIFETIME_MS = 5 * 60_000;

export type ExchangeOutcome = { ok: OAuthGrant } | { errcode: 40029 | 40163; errmsg: string };

export class OAuthCodeBook {
  private readonly grants = new Map<string, OAuthGrant>();
  // The openid of one WeChat user differs per AppID and stays the same across visits.
  private readonly salt = randomBytes(16);

  constructor(private readonly lifetimeMs: number = OAUTH_CODE_LIFETIME_MS) {}

  /** The openid a WeChat user has under an AppID: 28 characters, like WeChat's. */
  openidFor(appid: string, weixinUser: string): string {
    const digest = createHash('sha256').update(this.salt).update(`${appid}\n${weixinUser}`).digest('base64url');
    return `o${digest.slice(0, 27)}`;
  }

  issue(appid: string, weixinUser: string, now = Date.now()): string {
    this.sweep(now);
    const code = randomBytes(16).toString('hex');
    this.grants.set(code, { appid, openid: this.openidFor(appid, weixinUser), expiresAt: now + this.lifetimeMs, used: false });
    return code;
  }

  /** Redeems a code for the AppID: a used code answers 40163, an unknown, expired or foreign one 40029. */
  redeem(code: string, appid: string, now = Date.now()): ExchangeOutcome {
    const g = this.grants.get(code);
    if (!g || g.appid !== appid) return { errcode: 40029, errmsg: 'invalid code' };
    if (g.used) return { errcode: 40163, errmsg: 'code been used' };
    if (g.expiresAt <= now) return { errcode: 40029, errmsg: 'invalid code' };
    g.used = true;
    return { ok: g };
  }

  private sweep(now: number): void {
    // Used and expired codes are kept a while so that a replay still reads "code been used".
    for (const [code, g] of this.grants) if (g.expiresAt + this.lifetimeMs < now) this.grants.delete(code);
  }
}
