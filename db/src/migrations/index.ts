import type { Migration } from 'kysely';
import * as accounts from './2026_11_22_0001_accounts.js';
import * as orders from './2026_11_22_0002_orders.js';
import * as accountFlows from './2026_11_22_0003_account_flows.js';
import * as auditEvents from './2026_11_24_0001_audit_events.js';
import * as adminOrderIndexes from './2026_11_24_0002_admin_order_indexes.js';
import * as paymentAttemptEvents from './2026_11_25_0001_payment_attempt_events.js';
import * as refunds from './2026_11_25_0100_refunds.js';
import * as emailBindingCodes from './2026_11_25_0201_email_binding_codes.js';
import * as bookMetadata from './2026_11_25_0301_book_metadata.js';
import * as sessionWechatOpenid from './2026_11_25_0401_session_wechat_openid.js';
import * as ordersWithoutCancelled from './2026_11_26_0101_orders_without_cancelled.js';
import * as payingAttempt from './2026_11_28_0101_paying_attempt.js';
import * as reconciliation from './2026_11_28_0201_reconciliation.js';
import * as invoiceIssue from './2026_11_28_0301_invoice_issue.js';
import * as reconciliationDetailCodes from './2026_11_28_0401_reconciliation_detail_codes.js';

// A static map rather than a folder scan, so the same list works from source and from dist.
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_accounts': accounts,
  '2026_11_22_0002_orders': orders,
  '2026_11_22_0003_account_flows': accountFlows,
  '2026_11_24_0001_audit_events': auditEvents,
  '2026_11_24_0002_admin_order_indexes': adminOrderIndexes,
  '2026_11_25_0001_payment_attempt_events': paymentAttemptEvents,
  '2026_11_25_0100_refunds': refunds,
  '2026_11_25_0201_email_binding_codes': emailBindingCodes,
  '2026_11_25_0301_book_metadata': bookMetadata,
  '2026_11_25_0401_session_wechat_openid': sessionWechatOpenid,
  '2026_11_26_0101_orders_without_cancelled': ordersWithoutCancelled,
  '2026_11_28_0101_paying_attempt': payingAttempt,
  '2026_11_28_0201_reconciliation': reconciliation,
  '2026_11_28_0301_invoice_issue': invoiceIssue,
  '2026_11_28_0401_reconciliation_detail_codes': reconciliationDetailCodes,
};
