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
  /** Faults for one trade's events only (keyed by invoice_id / custom_id): they replace the global ones. */
  private readonly perTrade = new Map<string, WebhookFaults>();

  get(): WebhookFaults {
    return { ...this.current };
  }

  /** Merges the given switches (unknown keys and wrong types are refused). */
  set(patch: Record<string, unknown>): WebhookFaults {
    this.current = merged(this.current, patch);
    return this.get();
  }

  /** The faults of one trade's events (its own, or NONE). */
  getForTrade(tradeKey: string): WebhookFaults {
    return { ...(this.perTrade.get(tradeKey) ?? NONE) };
  }

  /** Replaces one trade's faults (a patch over none); an empty patch clears them. */
  setForTrade(tradeKey: string, patch: Record<string, unknown>): WebhookFaults {
    const next = merged(NONE, patch);
    if (Object.keys(patch).length) this.perTrade.set(tradeKey, next);
    else this.perTrade.delete(tradeKey);
    return this.getForTrade(tradeKey);
  }

  reset(): WebhookFaults {
    this.current = { ...NONE };
    this.perTrade.clear();
    return this.get();
  }

  /** The faults for the event being emitted now: the trade's own when it has some, else the global ones (counting down `remaining`). */
  takeForEvent(tradeKey?: string): WebhookFaults {
    const own = tradeKey === undefined ? undefined : this.perTrade.get(tradeKey);
    if (own) return { ...own };
    const taken = this.get();
    if (this.current.remaining !== null) {
      this.current.remaining -= 1;
      if (this.current.remaining <= 0) this.current = { ...NONE };
    }
    return taken;
  }
}

/** The switches with the patch applied (unknown keys and wrong types are refused). */
function merged(base: WebhookFaults, patch: Record<string, unknown>): WebhookFaults {
  const next = { ...base };
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
  return next;
}
