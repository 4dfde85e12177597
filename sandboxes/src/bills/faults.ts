// Bill faults, per trade (by the shop's out_trade_no): what a provider's bill can get wrong, so a
// test can produce every reconciliation verdict on purpose. The bill stays self-consistent (its
// summary and checksum describe it) except for `corrupt`, which changes the file after its
// checksum was taken.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface BillFaults {
  /** The trade's billed amount is off by this many minor units (amount mismatch). */
  alterAmountMinor?: number;
  /** A refund of this many minor units nobody asked for is billed against the trade (unknown refund). */
  unknownRefundMinor?: number;
  /** The trade and its refunds are left out of the bill (missing at provider). */
  omit?: boolean;
  /** The trade's line is altered after the checksum was computed (hash mismatch). */
  corrupt?: boolean;
}

const KEYS = new Set(['alterAmountMinor', 'unknownRefundMinor', 'omit', 'corrupt']);

/** Validates a control body; throws with a readable reason. */
export function parseBillFaults(input: unknown, opts: { corrupt: boolean }): BillFaults {
  const src = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const unknown = Object.keys(src).filter((k) => !KEYS.has(k));
  if (unknown.length) throw new Error(`unknown bill fault ${unknown.join(', ')}`);
  const out: BillFaults = {};
  if (src.alterAmountMinor !== undefined) {
    if (!Number.isInteger(src.alterAmountMinor) || src.alterAmountMinor === 0) throw new Error('alterAmountMinor must be a non-zero integer');
    out.alterAmountMinor = src.alterAmountMinor as number;
  }
  if (src.unknownRefundMinor !== undefined) {
    if (!Number.isInteger(src.unknownRefundMinor) || (src.unknownRefundMinor as number) <= 0) throw new Error('unknownRefundMinor must be a positive integer');
    out.unknownRefundMinor = src.unknownRefundMinor as number;
  }
  for (const k of ['omit', 'corrupt'] as const) {
    if (src[k] === undefined) continue;
    if (typeof src[k] !== 'boolean') throw new Error(`${k} must be a boolean`);
    if (src[k]) out[k] = true;
  }
  if (out.corrupt && !opts.corrupt) throw new Error('this provider publishes no checksum for its bill: corrupt does not apply');
  return out;
}

export class BillFaultBook {
  private readonly faults = new Map<string, BillFaults>();

  get(outTradeNo: string): BillFaults {
    return this.faults.get(outTradeNo) ?? {};
  }

  all(): Record<string, BillFaults> {
    return Object.fromEntries(this.faults);
  }

  set(outTradeNo: string, faults: BillFaults): void {
    if (Object.keys(faults).length) this.faults.set(outTradeNo, faults);
    else this.faults.delete(outTradeNo);
  }

  clear(outTradeNo?: string): void {
    if (outTradeNo === undefined) this.faults.clear();
    else this.faults.delete(outTradeNo);
  }
}

/**
 * <prefix>/_control/bill-faults: GET lists them; PUT /:outTradeNo replaces the trade's faults
 * (body: BillFaults); DELETE /:outTradeNo or DELETE (all) clears them.
 */
export function registerBillFaultRoutes(app: FastifyInstance, book: BillFaultBook, body: (req: FastifyRequest) => unknown, opts: { corrupt: boolean }): void {
  type P = { Params: { outTradeNo: string } };
  app.get('/_control/bill-faults', async () => book.all());
  app.put<P>('/_control/bill-faults/:outTradeNo', async (req, reply) => {
    try {
      book.set(req.params.outTradeNo, parseBillFaults(body(req), opts));
    } catch (err) {
      return reply.code(400).send({ error: (err as Error).message });
    }
    return { outTradeNo: req.params.outTradeNo, faults: book.get(req.params.outTradeNo) };
  });
  app.delete<P>('/_control/bill-faults/:outTradeNo', async (req) => {
    book.clear(req.params.outTradeNo);
    return book.all();
  });
  app.delete('/_control/bill-faults', async () => {
    book.clear();
    return book.all();
  });
}
