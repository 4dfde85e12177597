import type { FastifyInstance } from 'fastify';

type Send = (method: string, url: string, init: { body?: string; headers: Record<string, string> }) => Promise<Response>;

const overFetch =
  (base: string): Send =>
  (method, url, init) =>
    fetch(base + url, { method, body: init.body, redirect: 'manual', headers: init.headers });

// Statuses whose answer has no body (a Response refuses one).
const BODILESS = new Set([101, 204, 205, 304]);

/** The app's inject() answer as a fetch Response, so the same client speaks to a port or to inject(). */
const overInject =
  (app: FastifyInstance): Send =>
  async (method, url, init) => {
    const res = await app.inject({ method: method as 'GET', url, payload: init.body, headers: init.headers, remoteAddress: '127.0.0.1' });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) headers.append(name, one);
    }
    return new Response(BODILESS.has(res.statusCode) ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };

/**
 * A tiny HTTP client with a cookie jar: one instance is one browser-like client. `new Client(url)`
 * speaks to a listening gateway; `Client.of(app)` to an app in the test's process through inject(),
 * with no port and no socket.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  headers: Record<string, string> = {};

  readonly base: string;
  private readonly send: Send;

  constructor(base: string, send?: Send) {
    this.base = base;
    this.send = send ?? overFetch(base);
  }

  static of(app: FastifyInstance): Client {
    return new Client('http://127.0.0.1', overInject(app));
  }

  private store(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  async request(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const res = await this.send(method, path, { body: init.body, headers: { ...this.headers, ...this.cookieHeader(), ...init.headers } });
    this.store(res);
    return res;
  }

  /** A legacy form post; answers the parsed `{code, message, data}` envelope. */
  async form<T = unknown>(path: string, fields: Record<string, string | string[]> = {}): Promise<{ status: number; code: number; message: string; data: T }> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
    const res = await this.request('POST', path, { body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return { status: res.status, ...((await res.json()) as { code: number; message: string; data: T }) };
  }

  async get<T = unknown>(path: string): Promise<{ status: number; code: number; message: string; data: T }> {
    const res = await this.request('GET', path);
    return { status: res.status, ...((await res.json()) as { code: number; message: string; data: T }) };
  }

  async gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ data: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
    const res = await this.request('POST', '/graphql', { body: JSON.stringify({ query, variables }), headers: { 'content-type': 'application/json' } });
    return (await res.json()) as { data: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  }
}
