// PayPal's bill of one day: Transaction Search (GET /v1/reporting/transactions) over the day in the
// account's time zone, every page, balance-affecting rows only. Captures (T00xx event codes) become
// payment rows and refunds (T1106 reversal, T1107 merchant refund) refund rows; fees, holds and
// transfers are not trades and are left out. PayPal publishes no checksum: integrity is none.
import { BillNotReady, sha256Hex, type BillRow, type FetchedBill } from '../bills.js';
import { ProviderError, decimalToCents } from '../provider.js';
import { addDays, formatInZone, startOfDay } from '../zoned-time.js';
import type { PaypalApiClient } from './apiClient.js';
import type { ResolvedPaypalConfig } from './config.js';
import { providerErrorFromResponse } from './errors.js';
import type { PaypalErrorBody, PaypalMoney } from './wire.js';

/** The slice of a Transaction Search item the bill reads. */
export interface PaypalTransactionInfo {
  transaction_id?: string;
  paypal_reference_id?: string;
  paypal_reference_id_type?: string;
  transaction_event_code?: string;
  transaction_initiation_date?: string;
  transaction_updated_date?: string;
  transaction_amount?: PaypalMoney;
  fee_amount?: PaypalMoney;
  transaction_status?: string;
  invoice_id?: string;
  custom_field?: string;
}

export interface PaypalSearchPage {
  transaction_details?: Array<{ transaction_info?: PaypalTransactionInfo } & Record<string, unknown>>;
  account_number?: string;
  start_date?: string;
  end_date?: string;
  last_refreshed_datetime?: string;
  page?: number;
  total_items?: number;
  total_pages?: number;
}

/** PayPal's answer while the day's data has not been loaded (INVALID_REQUEST, no details). */
export const DATA_NOT_AVAILABLE = 'Data for the given start date is not available.';
/** The most days one search may span. */
export const MAX_SEARCH_DAYS = 31;

const REFUND_CODES = new Set(['T1106', 'T1107']);
const kindOf = (code: string | undefined): BillRow['kind'] | null =>
  code && /^T00\d\d$/.test(code) ? 'payment' : code && REFUND_CODES.has(code) ? 'refund' : null;

/** "2025-03-10T13:05:33+0000" (PayPal's form) as RFC 3339 with a colon in the offset. */
export function rfc3339(value: string): string {
  return value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
}

function cents(m: PaypalMoney | undefined): number | null {
  if (!m) return null;
  const v = m.value.trim();
  const n = decimalToCents(v.replace(/^-/, ''));
  return n === null ? null : v.startsWith('-') ? -n : n;
}

const flat = (info: PaypalTransactionInfo): Record<string, string> =>
  Object.fromEntries(
    Object.entries(info).map(([k, v]) => [k, typeof v === 'object' && v ? `${(v as PaypalMoney).value} ${(v as PaypalMoney).currency_code}` : String(v)]),
  );

export class PaypalBillFetcher {
  constructor(
    private readonly api: PaypalApiClient,
    private readonly config: ResolvedPaypalConfig,
  ) {}

  async fetch(date: string): Promise<FetchedBill> {
    const zone = this.config.reportingTimeZone;
    const start = startOfDay(date, zone);
    const end = startOfDay(addDays(date, 1), zone) - 1000;
    if (this.config.now() < end + 1000 + this.config.reportingDelayMs) {
      throw new BillNotReady(
        'paypal',
        date,
        `PayPal lists transactions up to ${this.config.reportingDelayMs / 60_000} min late; the day ends ${formatInZone(end + 1000, zone)}`,
      );
    }
    const texts: string[] = [];
    // The pages without their refresh time, which moves with PayPal's clock: the same day's data
    // fetched twice is one bill.
    const contents: string[] = [];
    const items: PaypalTransactionInfo[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        start_date: formatInZone(start, zone),
        end_date: formatInZone(end, zone),
        fields: 'all',
        balance_affecting_records_only: 'Y',
        page_size: String(this.config.reportingPageSize),
        page: String(page),
      });
      const res = await this.api.send({ method: 'GET', path: `/v1/reporting/transactions?${query}` }, 'PayPal transaction search');
      const error = res.body as PaypalErrorBody | undefined;
      if (res.status === 400 && error?.message === DATA_NOT_AVAILABLE) throw new BillNotReady('paypal', date, `PayPal: ${DATA_NOT_AVAILABLE}`);
      if (res.status !== 200) throw providerErrorFromResponse(res.status, error, 'PayPal transaction search');
      const body = res.body as PaypalSearchPage;
      const refreshed = body.last_refreshed_datetime ? Date.parse(rfc3339(body.last_refreshed_datetime)) : NaN;
      if (!(refreshed >= end)) {
        throw new BillNotReady('paypal', date, `PayPal's data is refreshed up to ${body.last_refreshed_datetime ?? '?'}, before the day's end`);
      }
      texts.push(res.text);
      contents.push(JSON.stringify({ ...body, last_refreshed_datetime: undefined }));
      for (const d of body.transaction_details ?? []) if (d.transaction_info) items.push(d.transaction_info);
      if (page >= (body.total_pages ?? 1)) break;
    }
    const raw = Buffer.from(`[${texts.join(',')}]`, 'utf8');
    const rows: BillRow[] = [];
    for (const info of items) {
      const row = await this.rowOf(info, date);
      if (row) rows.push(row);
    }
    const sha256 = sha256Hex(Buffer.from(`[${contents.join(',')}]`, 'utf8'));
    return { provider: 'paypal', setup: 'overseas', date, raw, integrity: { algorithm: 'none' }, sha256, mediaType: 'application/json', rows };
  }

  private async rowOf(info: PaypalTransactionInfo, date: string): Promise<BillRow | null> {
    const kind = kindOf(info.transaction_event_code);
    if (!kind) return null;
    const amount = cents(info.transaction_amount);
    if (amount === null || !info.transaction_id || !info.transaction_initiation_date) {
      throw new ProviderError('paypal', 'BAD_RESPONSE', `transaction ${info.transaction_id ?? '?'} of ${date} lacks its id, amount or date`, false);
    }
    const fee = cents(info.fee_amount);
    const base = {
      kind,
      amountMinor: Math.abs(amount),
      currency: info.transaction_amount!.currency_code,
      // PayPal books the fee as a debit (negative); a refund gives (part of) it back.
      ...(fee !== null ? { feeMinor: 0 - fee } : {}),
      status: info.transaction_status ?? '',
      occurredAt: rfc3339(info.transaction_initiation_date),
      fields: flat(info),
    };
    if (kind === 'payment') {
      const ours = info.invoice_id ?? info.custom_field;
      return { ...base, outTradeNo: ours ?? '', providerRef: info.transaction_id };
    }
    // A refund names the capture it returns; the shop's number is the capture's invoice id.
    const outTradeNo = info.invoice_id ?? (info.paypal_reference_id ? await this.invoiceOfCapture(info.paypal_reference_id) : undefined);
    return {
      ...base,
      outTradeNo: outTradeNo ?? '',
      ...(info.paypal_reference_id ? { providerRef: info.paypal_reference_id } : {}),
      ...(info.custom_field ? { refundNo: info.custom_field } : {}),
      providerRefundId: info.transaction_id,
    };
  }

  private async invoiceOfCapture(captureId: string): Promise<string | undefined> {
    if (!/^[A-Z0-9]{1,36}$/.test(captureId)) return undefined;
    const res = await this.api.send({ method: 'GET', path: `/v2/payments/captures/${captureId}` }, 'PayPal get capture');
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw providerErrorFromResponse(res.status, res.body as PaypalErrorBody, 'PayPal get capture');
    const capture = res.body as { invoice_id?: string; custom_id?: string };
    return capture.invoice_id ?? capture.custom_id;
  }
}
