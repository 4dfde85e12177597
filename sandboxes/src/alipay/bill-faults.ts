// Fault switches for the bills the sandboxes publish, per trade (by out_trade_no) and per bill, so a
// test can make every reconciliation verdict happen on purpose: a trade billed with another amount,
// a refund the shop never asked for, a trade missing from the bill, a bill whose totals disagree
// with its rows or that cannot be read at all. (A paid trade whose notification never arrives is
// the notify fault `drop` of the pay control.)

export interface TradeBillFaults {
  /** Leave the trade, its payment and its refunds, out of every bill. */
  omit?: boolean;
  /** Bill the payment with this many minor units more (negative: fewer). */
  amountDeltaMinor?: number;
  /** Bill a refund of this trade that was never made (at `at`, default when the switch is set). */
  unknownRefund?: { amountMinor: number; refundNo: string; at: Date };
}

/** summary: the totals (summary file, Total_count) disagree with the rows; unreadable: the file is broken. */
export type BillCorruption = 'summary' | 'unreadable';

export class BillFaultBook {
  corrupt: BillCorruption | undefined;
  private readonly trades = new Map<string, TradeBillFaults>();

  of(outTradeNo: string): TradeBillFaults {
    return this.trades.get(outTradeNo) ?? {};
  }

  set(outTradeNo: string, faults: TradeBillFaults): void {
    if (Object.keys(faults).length) this.trades.set(outTradeNo, faults);
    else this.trades.delete(outTradeNo);
  }

  /** Trades that exist only through an unknown refund still need a row: their numbers. */
  withUnknownRefunds(): Array<[string, NonNullable<TradeBillFaults['unknownRefund']>]> {
    return [...this.trades].filter(([, f]) => f.unknownRefund).map(([no, f]) => [no, f.unknownRefund!]);
  }

  clear(): void {
    this.trades.clear();
    this.corrupt = undefined;
  }

  view(): { corrupt: BillCorruption | null; trades: Record<string, unknown> } {
    return {
      corrupt: this.corrupt ?? null,
      trades: Object.fromEntries(
        [...this.trades].map(([no, f]) => [
          no,
          { ...f, ...(f.unknownRefund ? { unknownRefund: { ...f.unknownRefund, at: f.unknownRefund.at.toISOString() } } : {}) },
        ]),
      ),
    };
  }
}

const integer = (v: unknown, name: string, min: number) => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || Math.abs(v) > 100_000_000_00) throw new Error(`${name} must be an integer ≥ ${min}`);
  return v;
};

/** Validates a control body into per-trade faults; throws a message on anything unknown or mistyped. */
export function parseTradeBillFaults(input: unknown, now: Date, outTradeNo: string): TradeBillFaults {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new Error('bill faults must be an object');
  const out: TradeBillFaults = {};
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (k === 'omit') {
      if (typeof v !== 'boolean') throw new Error('omit must be a boolean');
      if (v) out.omit = true;
    } else if (k === 'amountDeltaMinor') {
      const delta = integer(v, k, -100_000_000_00);
      if (delta !== 0) out.amountDeltaMinor = delta;
    } else if (k === 'unknownRefund') {
      if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('unknownRefund must be an object');
      const r = v as Record<string, unknown>;
      const extra = Object.keys(r).filter((x) => !['amountMinor', 'refundNo', 'at'].includes(x));
      if (extra.length) throw new Error(`unknownRefund does not define ${extra.join(', ')}`);
      const at = r.at === undefined ? now : new Date(String(r.at));
      if (Number.isNaN(at.getTime())) throw new Error('unknownRefund.at is not a time');
      if (r.refundNo !== undefined && (typeof r.refundNo !== 'string' || !/^[\w-]{1,64}$/.test(r.refundNo)))
        throw new Error('unknownRefund.refundNo must be 1..64 letters, digits, _ or -');
      out.unknownRefund = {
        amountMinor: integer(r.amountMinor, 'unknownRefund.amountMinor', 1),
        refundNo: (r.refundNo as string | undefined) ?? `UNKNOWN-${outTradeNo}`.slice(0, 64),
        at,
      };
    } else {
      throw new Error(`unknown bill fault ${k}`);
    }
  }
  return out;
}

export function parseCorruption(input: unknown): BillCorruption | undefined {
  const b = (input ?? {}) as Record<string, unknown>;
  const extra = Object.keys(b).filter((k) => k !== 'corrupt');
  if (extra.length) throw new Error(`unknown bill fault ${extra.join(', ')}`);
  if (b.corrupt === undefined || b.corrupt === null) return undefined;
  if (b.corrupt === 'summary' || b.corrupt === 'unreadable') return b.corrupt;
  throw new Error('corrupt must be "summary", "unreadable" or null');
}
