// The sandbox's own clock: the real clock (or an injected one) shifted by an offset that tests set
// through the control routes, so trades happen on a chosen day and the bills' publication hours
// can be reached without waiting. Time keeps flowing after a set.
export class SandboxClock {
  private offsetMs = 0;

  constructor(private readonly base: () => Date = () => new Date()) {}

  now(): Date {
    return new Date(this.base().getTime() + this.offsetMs);
  }

  /** From now on the clock reads `at` (and runs on from there). */
  set(at: Date): Date {
    this.offsetMs = at.getTime() - this.base().getTime();
    return this.now();
  }

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }

  reset(): Date {
    this.offsetMs = 0;
    return this.now();
  }

  get offset(): number {
    return this.offsetMs;
  }
}

/** A control body `{ at?: ISO string, advanceMs?: number, reset?: true }` applied to a clock; throws on anything else. */
export function applyClockChange(clock: SandboxClock, body: unknown): Date {
  const b = (body ?? {}) as Record<string, unknown>;
  const keys = Object.keys(b);
  const unknown = keys.filter((k) => !['at', 'advanceMs', 'reset'].includes(k));
  if (unknown.length) throw new Error(`unknown clock field ${unknown.join(', ')}`);
  if (b.reset === true) return clock.reset();
  if (typeof b.at === 'string') {
    const at = new Date(b.at);
    if (Number.isNaN(at.getTime())) throw new Error(`at ${b.at} is not a time`);
    return clock.set(at);
  }
  if (typeof b.advanceMs === 'number' && Number.isFinite(b.advanceMs)) return clock.advance(b.advanceMs);
  throw new Error('send { at: ISO time } or { advanceMs: number } or { reset: true }');
}
