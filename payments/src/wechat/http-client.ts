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
    const res = await this.send(method, new URL(apiPath.replace(/^\//, ''), this.base), payload);
    const text = res.bytes.toString('utf8');
    // Only /v3/certificates defers verification: its answer is checked with the keys it carries.
    if (res.status >= 200 && res.status < 300 && opts.verify !== false) this.verify(res.headers, text, res.status);
    let parsed: unknown;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ProviderError('wechat', 'BAD_RESPONSE', `WeChat Pay answered ${res.status} with non-JSON`, res.status >= 500, res.status);
      }
    }
    return { status: res.status, body: parsed, rawBody: text, headers: res.headers };
  }

  /**
   * A signed GET whose answer is a file (bill download, Global statement): the bytes as received,
   * not verified here (the caller knows what, if anything, the signature covers). `target` is a
   * path under the base URL or an absolute URL on the base URL's origin (a download_url).
   */
  async download(target: string): Promise<{ status: number; bytes: Buffer; headers: Record<string, string> }> {
    const url = /^https?:\/\//.test(target) ? new URL(target) : new URL(target.replace(/^\//, ''), this.base);
    // The signed Authorization only ever goes to the configured WeChat Pay origin.
    if (url.origin !== this.base.origin)
      throw new ProviderError('wechat', 'BAD_DOWNLOAD_URL', `download URL ${url.origin} is not on ${this.base.origin}`, false);
    return this.send('GET', url);
  }

  /** Throws RESPONSE_SIGNATURE unless the headers carry a valid WeChat signature over `signed`. */
  verify(headers: Record<string, string>, signed: string, status: number): void {
    try {
      this.o.verifier.verify(headers, signed);
    } catch (err) {
      if (!(err instanceof VerificationFailure)) throw err;
      throw new ProviderError('wechat', 'RESPONSE_SIGNATURE', `unauthentic WeChat Pay response (${err.reason})`, false, status);
    }
  }

  /** Parses an error answer's JSON body (code, message) when it has one. */
  static errorOfBytes(status: number, bytes: Buffer, headers: Record<string, string>): ProviderError {
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      body = undefined;
    }
    return WechatHttpClient.errorOf({ status, body, rawBody: bytes.toString('utf8'), headers });
  }

  private async send(method: 'GET' | 'POST', url: URL, payload?: unknown): Promise<{ status: number; bytes: Buffer; headers: Record<string, string> }> {
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
    let bytes: Buffer;
    try {
      res = await this.o.fetch(url, { method, headers, body: method === 'POST' ? body : undefined, signal: AbortSignal.timeout(this.o.timeoutMs) });
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      throw new ProviderError('wechat', 'NETWORK', `WeChat Pay unreachable: ${(err as Error).message}`, true);
    }
    const resHeaders: Record<string, string> = {};
    res.headers.forEach((v, k) => (resHeaders[k] = v));
    return { status: res.status, bytes, headers: resHeaders };
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
