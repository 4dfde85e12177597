/** A tiny HTTP client with a cookie jar: one instance is one browser-like client. */
export class Client {
  readonly cookies = new Map<string, string>();
  headers: Record<string, string> = {};

  readonly base: string;

  constructor(base: string) {
    this.base = base;
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
    const res = await fetch(this.base + path, {
      method,
      body: init.body,
      redirect: 'manual',
      headers: { ...this.headers, ...this.cookieHeader(), ...init.headers },
    });
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
