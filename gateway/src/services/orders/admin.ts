import { appError } from '../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { SessionUser } from '../accounts/sessions.js';
import { completeBankTransferOrder } from '../admin/bank-transfer.js';
import { requireOperator } from '../admin/operator.js';
import { markOrderShipped } from '../admin/shipping.js';

// The legacy face of the operator actions (POST /api/orderManagement/updateOrderStatus): the same
// services as the GraphQL admin API, so both faces refuse, record and race alike.

export interface StatusChange {
  orderNo: string;
  changed: boolean;
  status: string;
  shippingStatus: string;
}

async function currentState(deps: ServiceDeps, orderNo: string, changed: boolean): Promise<StatusChange> {
  const o = await deps.db.selectFrom('orders').select(['status', 'shipping_status']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  return { orderNo, changed, status: o.status, shippingStatus: o.shipping_status };
}

/** orderStatus '0' completes a bank transfer (settled at once), a shipped flag ships a paid paper order. */
export async function updateOrderStatus(
  deps: ServiceDeps,
  operator: SessionUser,
  orderNo: string,
  change: { orderStatus?: string; shipped?: string; reference?: string },
): Promise<StatusChange> {
  requireOperator(operator);
  if (change.shipped === '1' || change.shipped === 'shipped' || change.shipped === 'true') {
    const r = await markOrderShipped(deps, operator, orderNo);
    return currentState(deps, orderNo, r.changed);
  }
  if (change.orderStatus === '0') {
    // Old clients send no reference: the order number is what the buyer quoted on the transfer.
    const r = await completeBankTransferOrder(deps, operator, orderNo, change.reference || orderNo);
    return currentState(deps, orderNo, r.changed);
  }
  throw appError('wrongOrderState');
}
