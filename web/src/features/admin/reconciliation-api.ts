import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql';
import { AUDIT_EVENT_FIELDS } from './api';

const TOTALS_FIELDS = graphql(`
  fragment ReconciliationTotalsFields on ReconciliationTotals {
    count
    gross
    refunds
    fees
    net
    currency
  }
`);

const DETAIL_VALUE_FIELDS = graphql(`
  fragment ReconciliationDetailValueFields on ReconciliationDetailValue {
    name
    amount
    currency
    text
  }
`);

export const RECONCILIATION_ITEM_FIELDS = graphql(
  `
    fragment ReconciliationItemFields on ReconciliationItem {
      id
      provider
      verdict
      state
      outTradeNo
      refundNo
      orderNo
      billKind
      billAmount
      billCurrency
      billFee
      payerAmount
      payerCurrency
      providerRef
      billedAt
      shopAmount
      shopCurrency
      detail
      detailCode
      detailValues {
        ...ReconciliationDetailValueFields
      }
      recheckUntil
      note
      resolvedBy
      resolvedAt
      updatedAt
      allowedActions
    }
  `,
  [DETAIL_VALUE_FIELDS],
);

export const RECONCILIATION_DAY = graphql(
  `
    query ReconciliationDay($date: String!) {
      reconciliationDay(date: $date) {
        date
        reconcilableProviders
        providers {
          provider
          setup
          runCount
          openDifferences
          latestRun {
            id
            outcome
            detail
            detailCode
            detailValues {
              ...ReconciliationDetailValueFields
            }
            startedAt
            finishedAt
            providerTotals {
              ...ReconciliationTotalsFields
            }
            shopTotals {
              ...ReconciliationTotalsFields
            }
          }
        }
        items {
          ...ReconciliationItemFields
        }
      }
    }
  `,
  [TOTALS_FIELDS, DETAIL_VALUE_FIELDS, RECONCILIATION_ITEM_FIELDS],
);

export const RECONCILIATION_DAYS = graphql(`
  query ReconciliationDays($from: String!, $to: String!) {
    reconciliationDays(from: $from, to: $to) {
      date
      openDifferences
      providers {
        provider
        outcome
        openDifferences
      }
    }
  }
`);

export const RECONCILIATION_ITEM_EVENTS = graphql(
  `
    query ReconciliationItemEvents($itemId: ID!) {
      reconciliationItemEvents(itemId: $itemId) {
        ...AuditEventFields
      }
    }
  `,
  [AUDIT_EVENT_FIELDS],
);

export const RESOLVE_RECONCILIATION_ITEM = graphql(
  `
    mutation ResolveReconciliationItem($itemId: ID!, $action: ReconciliationAction!, $note: String) {
      resolveReconciliationItem(itemId: $itemId, action: $action, note: $note) {
        refundNo
        item {
          ...ReconciliationItemFields
        }
      }
    }
  `,
  [RECONCILIATION_ITEM_FIELDS],
);

export const RERUN_RECONCILIATION = graphql(`
  mutation RerunReconciliation($provider: PaymentProvider!, $date: String!) {
    rerunReconciliation(provider: $provider, date: $date) {
      provider
      date
      changed
    }
  }
`);

export type ReconciliationDay = ResultOf<typeof RECONCILIATION_DAY>['reconciliationDay'];
export type ProviderDay = ReconciliationDay['providers'][number];
export type ReconciliationTotals = ResultOf<typeof TOTALS_FIELDS>;
export type ReconciliationItem = ResultOf<typeof RECONCILIATION_ITEM_FIELDS>;
export type ReconciliationAction = VariablesOf<typeof RESOLVE_RECONCILIATION_ITEM>['action'];
export type ReconciliationProvider = VariablesOf<typeof RERUN_RECONCILIATION>['provider'];
export type RecentDay = ResultOf<typeof RECONCILIATION_DAYS>['reconciliationDays'][number];
