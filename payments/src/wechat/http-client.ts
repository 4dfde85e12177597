// Signed HTTP to WeChat Pay API v3: every request carries the merchant's SHA256withRSA
// Authorization, every 2xx answer must carry a valid WeChat signature (as the official SDKs check).
import type { KeyObject } from 'node:crypto';
import { ProviderError } from '../provider.js';
import { randomAlnum } from './random.js';
import { formatAuthorization, requestMessage, rsaSign } from './signing.js';
import { unixSeconds } from './time.js';
import { VerificationFailure, type WechatpayVerifier } from './verifier.js';
import type { ErrorBody } from './wire.js';

export interface WechatHttpOptions {
  /** e.g. https://api.mch.weixin.qq.com, or a sandbox URL that may include a path prefix. */
  baseUrl: string;
  mchid: string;
  merchantSerialNo: string;
  merchantPrivateKey: KeyObject;
  verifier: WechatpayVerifier;
  timeoutMs: number;
  fetch: typeof fetch;
  userAgent: string;
}

export interface WechatResponse {
  status: number;
  /** Parsed JSON body; undefined for an empty body. */
  body: unknown;
  /** The body exactly as received (signatures cover it). */
  rawBody: string;
  headers: Record<string, string>;
}

// Codes WeChat documents as transient ("try again later"), beside any 5xx or 429.
const RETRYABLE_CODES = new Set(['SYSTEM_ERROR', 'SYSTEMERROR', 'FREQUENCY_LIMITED', 'BANKERROR', 'SYSTEMBUSY']);

export class WechatHttpClient {
  private readonly base: URL;

  constructor(private readonly o: WechatHttpOptions) {
    this.base = new URL(o.baseUrl.endsWith('/') ? o.baseUrl : `${o.baseUrl}/`);
  }

  /** Sends a signed request; answers any status (callers decide what an error means). */
  async request(method: 'GET' | 'POST', apiPath: string, payload?: unknown, opts: { verify?: boolean } = {}): Promise<WechatResponse> {
    const url = new URL(apiPath.replace(/^\//, ''), this.base);
    // The signed URL is exactly the path and query that go on the wire, whatever the base prefix.
    const canonicalUrl = url.pathname + url.search;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = unixSeconds();
    const nonce = randomAlnum(32);
    const signature = rsaSign(this.o.merchantPrivateKey, requestMessage(method, canonicalUrl, timestamp, nonce, body));
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': this.o.userAgent,
      Authorization: formatAuthorization({ mchid: this.o.mchid, nonce_str: nonce, timestamp, serial_no: this.o.merchantSerialNo, signature }),
    };
    if (method === 'POST') headers['Content-Type'] = 'application/json';

    let res: Response;
    try {
      res = await this.o.fetch(url, { method, headers, body: method === 'POST' ? body : undefined, signal: AbortSignal.timeout(this.o.timeoutMs) });
    } catch (err) {
      throw new ProviderError('wechat', 'NETWORK', `WeChat Pay unreachable: ${(err as Error).message}`, true);
    }
    const text = await res.text();
    const resHeaders: Record<string, string> = {};
    res.headers.forEach((v, k) => (resHeaders[k] = v));
    // Only /v3/certificates defers verification: its answer is checked with the keys it carries.
    if (res.status >= 200 && res.status < 300 && opts.verify !== false) {
      try {
        this.o.verifier.verify(resHeaders, text);
      } catch (err) {
        if (!(err instanceof VerificationFailure)) throw err;
        throw new ProviderError('wechat', 'RESPONSE_SIGNATURE', `unauthentic WeChat Pay response (${err.reason})`, false, res.status);
      }
    }
    let parsed: unknown;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ProviderError('wechat', 'BAD_RESPONSE', `WeChat Pay answered ${res.status} with non-JSON`, res.status >= 500, res.status);
      }
    }
    return { status: res.status, body: parsed, rawBody: text, headers: resHeaders };
  }

  /** The ProviderError for a non-2xx answer, retryable for 5xx, 429 and documented transient codes. */
  static errorOf(res: WechatResponse): ProviderError {
    const body = (res.body ?? {}) as Partial<ErrorBody>;
    const code = typeof body.code === 'string' ? body.code : `HTTP_${res.status}`;
    const retryable = res.status >= 500 || res.status === 429 || RETRYABLE_CODES.has(code);
    return new ProviderError('wechat', code, `WeChat Pay ${res.status} ${code}: ${body.message ?? ''}`.trim(), retryable, res.status);
  }

  /** The error code of a non-2xx answer, or undefined. */
  static codeOf(res: WechatResponse): string | undefined {
    const body = res.body as Partial<ErrorBody> | undefined;
    return typeof body?.code === 'string' ? body.code : undefined;
  }
}
