import type { ResolvedPaypalConfig } from './config.js';
import { providerErrorFromNetwork, providerErrorFromResponse } from './errors.js';
import type { PaypalErrorBody, PaypalTokenResponse } from './wire.js';

interface CachedToken {
  accessToken: string;
  /** Epoch ms after which we fetch a new one (shortly before PayPal's expiry). */
  refreshAt: number;
}

/**
 * OAuth2 client-credentials token for the REST API, cached until shortly before it expires.
 * Concurrent callers share one in-flight token request.
 */
export class PaypalTokenSource {
  private cached: CachedToken | undefined;
  private inFlight: Promise<string> | undefined;

  constructor(private readonly config: ResolvedPaypalConfig) {}

  async token(): Promise<string> {
    if (this.cached && this.config.now() < this.cached.refreshAt) return this.cached.accessToken;
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** Forget the token, e.g. after PayPal rejected it with 401 before its announced expiry. */
  invalidate(rejected: string): void {
    if (this.cached?.accessToken === rejected) this.cached = undefined;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(`${this.config.baseUrl}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      throw providerErrorFromNetwork(err, 'PayPal OAuth token');
    }
    const text = await res.text();
    const body = parseJson(text);
    if (!res.ok) throw providerErrorFromResponse(res.status, body as PaypalErrorBody | undefined, 'PayPal OAuth token');
    const token = body as PaypalTokenResponse | undefined;
    if (!token?.access_token || typeof token.expires_in !== 'number') {
      throw providerErrorFromResponse(502, { name: 'BAD_TOKEN_RESPONSE', message: 'token response without access_token/expires_in' }, 'PayPal OAuth token');
    }
    // Refresh 5 minutes early (or halfway through very short lifetimes) so a token never
    // expires between our check and PayPal's.
    const lifetimeMs = token.expires_in * 1000;
    const marginMs = Math.min(300_000, lifetimeMs / 2);
    this.cached = { accessToken: token.access_token, refreshAt: this.config.now() + lifetimeMs - marginMs };
    return token.access_token;
  }
}

export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
