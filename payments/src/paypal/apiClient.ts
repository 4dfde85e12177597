import type { ResolvedPaypalConfig } from './config.js';
import { providerErrorFromNetwork } from './errors.js';
import { PaypalTokenSource, parseJson } from './oauthToken.js';

export interface PaypalResponse {
  status: number;
  body: unknown;
  /** The body exactly as received. */
  text: string;
}

export interface PaypalRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Authenticated JSON calls to the PayPal REST API. Answers every HTTP status to the caller
 * (which knows which 4xx are expected) and throws ProviderError only for network failures.
 */
export class PaypalApiClient {
  private readonly tokens: PaypalTokenSource;

  constructor(private readonly config: ResolvedPaypalConfig) {
    this.tokens = new PaypalTokenSource(config);
  }

  async send(req: PaypalRequest, what: string): Promise<PaypalResponse> {
    const token = await this.tokens.token();
    const first = await this.sendOnce(req, token, what);
    if (first.status !== 401) return first;
    // A token revoked or expired early: fetch a fresh one and try once more.
    this.tokens.invalidate(token);
    return this.sendOnce(req, await this.tokens.token(), what);
  }

  private async sendOnce(req: PaypalRequest, token: string, what: string): Promise<PaypalResponse> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json', ...req.headers };
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${this.config.baseUrl}${req.path}`, {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (err) {
      throw providerErrorFromNetwork(err, what);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw providerErrorFromNetwork(err, what);
    }
    return { status: res.status, body: parseJson(text), text };
  }
}
