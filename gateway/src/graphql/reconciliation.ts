import type { IResolvers } from 'mercurius';
import { centsToDecimal } from '@shop/payments';
import {
  itemEvents,
  reconciliationDay,
  reconciliationDays,
  rerunDay,
  resolveItem,
  type DetailValue,
  type ItemView,
  type RunView,
  type Totals,
} from '../services/admin/reconciliation.js';
import { presentEvent } from './admin.js';
import { lower, upper } from './enums.js';

// The operators' reconciliation page. Every service call starts with requireOperator, so a guest
// gets UNAUTHENTICATED and a buyer FORBIDDEN before anything is read or checked.

const money = (minor: number | null | undefined) => (minor === null || minor === undefined ? null : centsToDecimal(minor));

const presentDetailValues = (values: DetailValue[] | null) =>
  values?.map((v) =>
    'text' in v
      ? { name: v.name, amount: null, currency: null, text: v.text }
      : { name: v.name, amount: centsToDecimal(v.amountMinor), currency: v.currency, text: null },
  ) ?? null;

const presentTotals = (t: Totals | null) =>
  t && {
    count: t.count,
    gross: centsToDecimal(t.grossMinor),
    refunds: centsToDecimal(t.refundMinor),
    fees: money(t.feeMinor),
    net: centsToDecimal(t.netMinor),
    currency: t.currency,
  };

const presentRun = (r: RunView) => ({
  provider: upper(r.provider),
  setup: r.setup,
  runCount: r.runCount,
  openDifferences: r.openDifferences,
  latestRun: {
    id: r.id,
    outcome: upper(r.outcome),
    detail: r.detail,
    detailCode: r.detailCode ? upper(r.detailCode) : null,
    detailValues: presentDetailValues(r.detailValues),
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    differences: r.differences,
    providerTotals: presentTotals(r.providerTotals),
    shopTotals: presentTotals(r.shopTotals),
  },
});

export const presentItem = (i: ItemView) => ({
  id: i.id,
  provider: upper(i.provider),
  billDate: i.billDate,
  verdict: upper(i.verdict),
  state: upper(i.state),
  outTradeNo: i.outTradeNo,
  refundNo: i.refundNo,
  orderNo: i.orderNo,
  billKind: i.bill?.kind ? upper(i.bill.kind) : null,
  billAmount: money(i.bill?.amountMinor),
  billCurrency: i.bill?.currency ?? null,
  billFee: money(i.bill?.feeMinor),
  payerAmount: money(i.bill?.payerAmountMinor),
  payerCurrency: i.bill?.payerCurrency ?? null,
  providerRef: i.bill?.providerRef ?? null,
  billStatus: i.bill?.status ?? null,
  billedAt: i.bill?.occurredAt ?? null,
  shopAmount: money(i.shopAmountMinor),
  shopCurrency: i.shopCurrency,
  detail: i.detail,
  detailCode: i.detailCode ? upper(i.detailCode) : null,
  detailValues: presentDetailValues(i.detailValues),
  recheckUntil: i.recheckUntil,
  note: i.note,
  resolvedBy: i.resolvedBy,
  resolvedAt: i.resolvedAt,
  updatedAt: i.updatedAt,
  allowedActions: i.allowedActions.map(upper),
});

export const reconciliationResolvers: IResolvers = {
  Query: {
    reconciliationDay: async (_root, args, ctx) => {
      const d = await reconciliationDay(ctx.deps, ctx.user, args.date);
      return {
        date: d.date,
        providers: d.providers.map(presentRun),
        items: d.items.map(presentItem),
        reconcilableProviders: d.reconcilableProviders.map(upper),
      };
    },
    reconciliationDays: async (_root, args, ctx) =>
      (await reconciliationDays(ctx.deps, ctx.user, args.from, args.to)).map((d) => ({
        date: d.date,
        openDifferences: d.openDifferences,
        providers: d.providers.map((p) => ({ provider: upper(p.provider), outcome: upper(p.outcome), openDifferences: p.openDifferences })),
      })),
    reconciliationItemEvents: async (_root, args, ctx) => (await itemEvents(ctx.deps, ctx.user, args.itemId)).map(presentEvent),
  },
  Mutation: {
    resolveReconciliationItem: async (_root, args, ctx) => {
      const r = await resolveItem(ctx.deps, ctx.user, { itemId: args.itemId, action: lower(args.action), note: args.note });
      return { item: presentItem(r.item), refundNo: r.refundNo };
    },
    rerunReconciliation: async (_root, args, ctx) => {
      const r = await rerunDay(ctx.deps, ctx.user, { provider: lower(args.provider), date: args.date });
      return { provider: upper(r.provider), date: r.date, changed: r.changed };
    },
  },
};
