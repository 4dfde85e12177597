// Transaction Search (GET /v1/reporting/transactions) over the trades the sandbox holds: a T0006
// row per capture (PayPal Checkout APIs) and a T1107 row per refund, at their times on the sandbox
// clock, with PayPal's limits: start_date and end_date required (RFC 3339 with seconds), at most
// 31 days apart, within the last 3 years; a transaction is listed only once the reporting delay
// (3 h) has passed since it happened, and a start after the last refresh is refused with "Data for
// the given start date is not available.". Per-trade bill faults change what is listed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { centsToDecimal, decimalToCents } from '@shop/payments/provider';
import { DATA_NOT_AVAILABLE, MAX_SEARCH_DAYS } from '@shop/payments/paypal/transactionSearch';
import type { PaypalMoney } from '@shop/payments/paypal/wire';
import { SandboxApiError, invalidRequest } from './apiErrors.js';
import { requireBearer } from './auth.js';
import { tradeKeyOf, type PaypalSandboxEngine } from './engine.js';
import { newCaptureId, newDebugId } from './ids.js';
import { fee } from './orderJson.js';
import type { SandboxOrder } from './store.js';

const FIELDS = new Set(['transaction_info', 'payer_info', 'shipping_info', 'auction_info', 'cart_info', 'incentive_info', 'store_info', 'all']);
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 86_400_000;

interface Listed {
  at: number;
  order: SandboxOrder;
  info: Record<string, unknown>;
}

/** PayPal's reporting timestamps: 2025-03-10T13:05:33+0000. */
const reportTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

const money = (currency: string, minor: number): PaypalMoney => ({ currency_code: currency, value: centsToDecimal(minor) });

function queryError(field: string, value: string | undefined, issue: string, description?: string): SandboxApiError {
  return invalidRequest([{ field, ...(value !== undefined ? { value } : {}), location: 'query', issue, ...(description ? { description } : {}) }]);
}

function parseTime(field: string, value: string | undefined): number {
  if (value === undefined || value === '') throw queryError(field, undefined, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
  const ms = TIME.test(value) ? Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : NaN;
  if (Number.isNaN(ms)) throw queryError(field, value, 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.');
  return ms;
}

export interface ReportingOptions {
  /** How long after it happens a transaction is listed (PayPal: up to 3 h; default 3 h). */
  delayMs: number;
  /** How far back searches may start (PayPal: 3 years). */
  historyYears: number;
}

export function registerReportingRoutes(app: FastifyInstance, engine: PaypalSandboxEngine, opts: ReportingOptions): void {
  const auth = async (req: FastifyRequest) => requireBearer(engine.tokens, req);

  /** What the search lists now: captures and refunds old enough, faults applied. */
  const listed = (refreshedAt: number): Listed[] => {
    const out: Listed[] = [];
    for (const capture of engine.store.captures.values()) {
      const order = engine.store.orders.get(capture.orderId);
      if (!order) continue;
      const faults = engine.billFaults.get(tradeKeyOf(order) ?? '');
      if (faults.omit) continue;
      const at = Date.parse(capture.createTime);
      const currency = capture.amount.currency_code;
      const gross = (decimalToCents(capture.amount.value) ?? 0) + (faults.alterAmountMinor ?? 0);
      const status =
        capture.status === 'PENDING' ? 'P' : capture.status === 'DECLINED' || capture.status === 'FAILED' ? 'D' : capture.status === 'REFUNDED' ? 'V' : 'S';
      const paypalFee = capture.status === 'DECLINED' || capture.status === 'FAILED' ? 0 : (decimalToCents(fee(money(currency, gross)).fee.value) ?? 0);
      out.push({
        at,
        order,
        info: {
          ...(order.payer ? { paypal_account_id: order.payer.payer_id } : {}),
          transaction_id: capture.id,
          transaction_event_code: 'T0006',
          transaction_initiation_date: reportTime(at),
          transaction_updated_date: reportTime(Date.parse(capture.updateTime)),
          transaction_amount: money(currency, gross),
          ...(paypalFee ? { fee_amount: money(currency, -paypalFee) } : {}),
          transaction_status: status,
          ...(order.unit.description ? { transaction_subject: order.unit.description } : {}),
          ...(order.unit.invoice_id ? { invoice_id: order.unit.invoice_id } : {}),
          ...(order.unit.custom_id ? { custom_field: order.unit.custom_id } : {}),
          protection_eligibility: '01',
        },
      });
      const refundRow = (id: string, minor: number, when: number, customId?: string): Listed => ({
        at: when,
        order,
        info: {
          ...(order.payer ? { paypal_account_id: order.payer.payer_id } : {}),
          transaction_id: id,
          paypal_reference_id: capture.id,
          paypal_reference_id_type: 'TXN',
          transaction_event_code: 'T1107',
          transaction_initiation_date: reportTime(when),
          transaction_updated_date: reportTime(when),
          transaction_amount: money(currency, -minor),
          // A simple model: the percentage part of the fee comes back in proportion.
          fee_amount: money(currency, Math.round(minor * 0.0349)),
          transaction_status: 'S',
          // Whether refund rows repeat the capture's invoice_id is not published: they do not here.
          ...(customId ? { custom_field: customId } : {}),
          protection_eligibility: '01',
        },
      });
      for (const r of engine.refunds.refunds.values()) {
        if (r.captureId === capture.id) out.push(refundRow(r.id, decimalToCents(r.amount.value) ?? 0, Date.parse(r.createTime), r.customId));
      }
      if (faults.unknownRefundMinor) out.push(refundRow(unknownRefundId(capture.id), faults.unknownRefundMinor, at));
    }
    return out.filter((l) => l.at <= refreshedAt).sort((a, b) => a.at - b.at);
  };

  app.get<{ Querystring: Record<string, string | undefined> }>('/v1/reporting/transactions', { preHandler: auth }, async (req) => {
    const q = req.query;
    const start = parseTime('start_date', q.start_date);
    const end = parseTime('end_date', q.end_date);
    if (end < start) throw queryError('end_date', q.end_date, 'INVALID_PARAMETER_VALUE', 'end_date must not be before start_date.');
    if (end - start > MAX_SEARCH_DAYS * DAY_MS) throw queryError('start_date', q.start_date, 'Date range is greater than 31 days');
    const now = engine.clock.now();
    if (start < now - opts.historyYears * 365 * DAY_MS)
      throw queryError('start_date', q.start_date, `Start date is more than ${opts.historyYears} years in the past`);
    const refreshedAt = Math.floor((now - opts.delayMs) / 1000) * 1000;
    if (start > refreshedAt)
      throw new SandboxApiError(400, { name: 'INVALID_REQUEST', message: DATA_NOT_AVAILABLE, debug_id: newDebugId(), details: [], links: [] });
    const fields = (q.fields ?? 'transaction_info').split(',').map((f) => f.trim());
    if (fields.some((f) => !FIELDS.has(f))) throw queryError('fields', q.fields, 'INVALID_PARAMETER_VALUE');
    const all = fields.includes('all');
    if (q.balance_affecting_records_only !== undefined && !['Y', 'N'].includes(q.balance_affecting_records_only))
      throw queryError('balance_affecting_records_only', q.balance_affecting_records_only, 'INVALID_PARAMETER_VALUE');
    const pageSize = q.page_size === undefined ? 100 : Number(q.page_size);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500) throw queryError('page_size', q.page_size, 'INVALID_PARAMETER_VALUE');
    const page = q.page === undefined ? 1 : Number(q.page);
    if (!Number.isInteger(page) || page < 1) throw queryError('page', q.page, 'INVALID_PARAMETER_VALUE');

    // Every listed row affects the balance, so balance_affecting_records_only=N lists the same.
    const rows = listed(refreshedAt).filter((l) => l.at >= start && l.at <= end);
    const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
    const slice = rows.slice((page - 1) * pageSize, page * pageSize);
    const self = `${engine.base}/v1/reporting/transactions?${new URLSearchParams(q as Record<string, string>)}`;
    return {
      transaction_details: slice.map((l) => ({
        ...(all || fields.includes('transaction_info') ? { transaction_info: l.info } : {}),
        ...(all || fields.includes('payer_info')
          ? {
              payer_info: l.order.payer
                ? {
                    account_id: l.order.payer.payer_id,
                    email_address: l.order.payer.email_address,
                    address_status: 'Y',
                    payer_status: 'Y',
                    payer_name: { given_name: l.order.payer.name.given_name, surname: l.order.payer.name.surname },
                    country_code: 'DE',
                  }
                : {},
            }
          : {}),
        ...(all || fields.includes('shipping_info') ? { shipping_info: {} } : {}),
        ...(all || fields.includes('cart_info') ? { cart_info: {} } : {}),
        ...(all || fields.includes('store_info') ? { store_info: {} } : {}),
        ...(all || fields.includes('auction_info') ? { auction_info: {} } : {}),
        ...(all || fields.includes('incentive_info') ? { incentive_info: {} } : {}),
      })),
      account_number: engine.options.credentials.merchantId,
      start_date: reportTime(start),
      end_date: reportTime(end),
      last_refreshed_datetime: reportTime(refreshedAt),
      page,
      total_items: rows.length,
      total_pages: totalPages,
      links: [{ href: self, rel: 'self', method: 'GET' }],
    };
  });
}

// The unknown refund keeps one id per capture, so repeated searches list the same row.
const unknownIds = new Map<string, string>();
function unknownRefundId(captureId: string): string {
  let id = unknownIds.get(captureId);
  if (!id) unknownIds.set(captureId, (id = newCaptureId()));
  return id;
}
