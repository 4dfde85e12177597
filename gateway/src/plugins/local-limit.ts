/**
 * A fixed-window counter per client kept in this process. Used for the coarse GraphQL-wide limit,
 * where a Redis round trip on every read would cost more than the request itself; the abuse-prone
 * actions keep their Redis-backed limits (legacy routes) or PostgreSQL-backed ones (code cool-down,
 * hourly cap, single-use captcha), which hold across replicas.
 */
export class LocalWindowLimiter {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** True when the client may go on. */
  hit(key: string, now = Date.now()): boolean {
    const w = Math.floor(now / this.windowMs);
    if (w !== this.window) {
      this.window = w;
      this.counts = new Map();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n <= this.max;
  }
}
