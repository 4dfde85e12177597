// Why a reconciliation item or run came out as it did, in two forms from one place: the English
// sentence that logs and audit data keep (`detail`), and a code with its values (`detail_code`,
// `detail_values`) that the console words in the operator's language. Amounts are kept in minor
// units with their currency; statuses, days and reasons as the ledger or the provider wrote them.
import type { ReconciliationDetailCode } from '@shop/db';
import { centsToDecimal } from '@shop/payments';

export type DetailCode = ReconciliationDetailCode;

/** An amount as the ledger keeps it. */
export interface DetailMoney {
  amountMinor: number;
  currency: string;
}

/** The values each code carries (JSON in `detail_values`). */
export interface DetailValuesOf {
  unknown_trade: Record<string, never>;
  amount_differs: { billed: DetailMoney; asked: DetailMoney };
  payer_amount_differs: { billed: DetailMoney; reported: DetailMoney };
  not_settled_in_shop: { status: string };
  second_payment_refunded: Record<string, never>;
  second_payment_not_refunded: Record<string, never>;
  billed_twice: Record<string, never>;
  unknown_refund: Record<string, never>;
  refund_amount_differs: { billed: DetailMoney; asked: DetailMoney };
  refund_not_completed: { status: string };
  missing_at_provider: Record<string, never>;
  found_later: { date: string };
  unmatched_credit: Record<string, never>;
  credit_amount_differs: { credited: DetailMoney; order: DetailMoney };
  bill_not_ready: { message: string };
  bill_rejected: { reason: string; message: string };
}

const minor = (m: DetailMoney) => `${m.amountMinor} ${m.currency}`;
const decimal = (m: DetailMoney) => `${centsToDecimal(m.amountMinor)} ${m.currency}`;

/** The English sentence of each code (as reconciliation has always written it). */
const ENGLISH: { [C in DetailCode]: (v: DetailValuesOf[C]) => string } = {
  unknown_trade: () => 'the provider took money under a number the shop does not know',
  amount_differs: (v) => `billed ${minor(v.billed)}, the attempt asked for ${minor(v.asked)}`,
  payer_amount_differs: (v) => `the payer was billed ${minor(v.billed)}, the provider reported ${minor(v.reported)} at settlement`,
  not_settled_in_shop: (v) => `paid at the provider, ${v.status} in the shop`,
  second_payment_refunded: () => 'a second payment of a paid order, refunded',
  second_payment_not_refunded: () => 'a second payment of a paid order, not refunded yet',
  billed_twice: () => 'billed twice under one number',
  unknown_refund: () => 'the provider refunded money the shop did not ask back',
  refund_amount_differs: (v) => `refund billed ${minor(v.billed)}, asked ${minor(v.asked)}`,
  refund_not_completed: (v) => `refund ${v.status} in the shop`,
  missing_at_provider: () => 'settled in the shop, not in the provider’s bill',
  found_later: (v) => `in the bill of ${v.date}`,
  unmatched_credit: () => 'the reference names no bank-transfer order of the shop',
  credit_amount_differs: (v) => `credited ${decimal(v.credited)}, the order is ${decimal(v.order)}`,
  bill_not_ready: (v) => v.message,
  bill_rejected: (v) => `${v.reason}: ${v.message}`,
};

/** The codes, in the order of the table (the database's CHECK lists the same). */
export const DETAIL_CODES = Object.keys(ENGLISH) as DetailCode[];

export interface Detail {
  detail: string;
  detailCode: DetailCode | null;
  detailValues: Record<string, unknown> | null;
}

/** A code with its values, and the English sentence they make. */
export function said<C extends DetailCode>(code: C, ...values: DetailValuesOf[C] extends Record<string, never> ? [] : [DetailValuesOf[C]]): Detail {
  const v = (values[0] ?? {}) as DetailValuesOf[C];
  return { detail: ENGLISH[code](v), detailCode: code, detailValues: v };
}

/** Nothing to say (a matched row). */
export const SAID_NOTHING: Detail = { detail: '', detailCode: null, detailValues: null };

/** The columns a detail is stored in. */
export const detailColumns = (d: Detail) => ({
  detail: d.detail,
  detail_code: d.detailCode,
  detail_values: d.detailValues ? JSON.stringify(d.detailValues) : null,
});
