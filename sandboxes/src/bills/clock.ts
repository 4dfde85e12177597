// The provider's "now" in a sandbox: real time plus an offset a test can set or move, so trades
// land on a chosen bill day and a bill's publication window can be reached without waiting.
// Business times (payments, refunds, bill windows) follow it; transport checks (request
// signatures, tokens) keep the real clock, as they do between real parties.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export class SandboxClock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  set(at: number): void {
    this.offsetMs = at - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  view(): { now: string; offsetMs: number } {
    return { now: this.date().toISOString(), offsetMs: this.offsetMs };
  }
}

/**
 * GET/POST/DELETE <prefix>/_control/clock: read it, set it (`{"at": "2025-03-10T14:00:00+08:00"}`)
 * or move it (`{"advanceMs": 3600000}`), back to real time. `body` reads the request's JSON.
 */
export function registerClockRoutes(app: FastifyInstance, clock: SandboxClock, body: (req: FastifyRequest) => Record<string, unknown>): void {
  app.get('/_control/clock', async () => clock.view());
  app.post('/_control/clock', async (req, reply) => {
    const b = body(req);
    if (typeof b.at === 'string' && !Number.isNaN(Date.parse(b.at))) clock.set(Date.parse(b.at));
    else if (typeof b.advanceMs === 'number' && Number.isFinite(b.advanceMs)) clock.advance(b.advanceMs);
    else return reply.code(400).send({ error: 'send {"at": "<RFC 3339 time>"} or {"advanceMs": <number>}' });
    return clock.view();
  });
  app.delete('/_control/clock', async () => {
    clock.reset();
    return clock.view();
  });
}
