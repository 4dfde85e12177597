/** Misbehaviours the sandbox can inject into webhook deliveries, to test the receiving side. */
export interface WebhookFaults {
  /** Deliver each event this many times in total (separate transmissions); 0 or 1 = once. */
  duplicate: number;
  /** Hold an event back and deliver it after the next one (older after newer). */
  reorder: boolean;
  /** Wait this long (real ms, not scaled) before the first delivery. */
  delayMs: number;
  /** Send a signature that does not verify. */
  badSignature: boolean;
  /** Change the amount in the resource (validly signed), as a tampering or mapping bug would. */
  wrongAmount: boolean;
  /** Never send the event. */
  drop: boolean;
  /** The faults apply to this many more events and then switch off; null = until changed. */
  remaining: number | null;
}

const NONE: WebhookFaults = { duplicate: 0, reorder: false, delayMs: 0, badSignature: false, wrongAmount: false, drop: false, remaining: null };

export class FaultSwitches {
  private current: WebhookFaults = { ...NONE };

  get(): WebhookFaults {
    return { ...this.current };
  }

  /** Merges the given switches (unknown keys and wrong types are refused). */
  set(patch: Record<string, unknown>): WebhookFaults {
    const next = { ...this.current };
    for (const [key, value] of Object.entries(patch)) {
      switch (key) {
        case 'duplicate':
        case 'delayMs':
          if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(`${key} must be a non-negative integer`);
          next[key] = value;
          break;
        case 'remaining':
          if (value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value < 1))
            throw new Error('remaining must be a positive integer or null');
          next.remaining = value as number | null;
          break;
        case 'reorder':
        case 'badSignature':
        case 'wrongAmount':
        case 'drop':
          if (typeof value !== 'boolean') throw new Error(`${key} must be a boolean`);
          next[key] = value;
          break;
        default:
          throw new Error(`unknown fault ${key}`);
      }
    }
    this.current = next;
    return this.get();
  }

  reset(): WebhookFaults {
    this.current = { ...NONE };
    return this.get();
  }

  /** The faults for the event being emitted now; counts down `remaining`. */
  takeForEvent(): WebhookFaults {
    const taken = this.get();
    if (this.current.remaining !== null) {
      this.current.remaining -= 1;
      if (this.current.remaining <= 0) this.current = { ...NONE };
    }
    return taken;
  }
}
