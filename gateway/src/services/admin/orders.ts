import { personName } from '../person-name.js';
import { sql, type CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, OrderEventType } from '@shop/db';
import { purchaseInfoView } from '../orders/details.js';
import { orderRowColumns, orderView, type OrderView } from '../orders/views.js';
import { likePattern, type AdminOrderFilter } from './order-filter.js';
import { inOrderOf } from '../in-order-of.js';

/** The event the earlier job-based bank-transfer completion left in the order's audit trail. */
export const COMPLETION_REQUESTED = 'bank_transfer_completion_requested' satisfies OrderEventType;
/** Its note that a request found the order no longer payable by bank transfer. */
export const COMPLETION_SKIPPED = 'bank_transfer_completion_skipped' satisfies OrderEventType;

/** What an operator sees of an order: the buyer's view plus who bought, quantities and progress. */
export interface AdminOrderView extends OrderView {
  quantity: number;
  unitPriceCents: number;
  buyerName: string;
  remarks: string | null;
  shippedAt: string | null;
  /** The provider's reference of the latest attempt (for bank transfers: the recorded reference). */
  providerRef: string | null;
  /** An operator recorded the bank transfer as received. */
  completionRequested: boolean;
}

export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;

type OrdersQuery = SelectQueryBuilder<Database, 'orders', object>;

function applyFilter<Q extends OrdersQuery>(q: Q, f: AdminOrderFilter): Q {
  let r = q as OrdersQuery;
  if (f.status) r = r.where('orders.status', '=', f.status);
  if (f.payType) r = r.where('orders.pay_type', '=', f.payType);
  if (f.provider) r = r.where('orders.provider', '=', f.provider);
  if (f.shippingStatus) r = r.where('orders.shipping_status', '=', f.shippingStatus);
  if (f.format) r = r.where('orders.format', '=', f.format);
  if (f.invoiceStatus) r = r.where('orders.invoice_status', '=', f.invoiceStatus);
  if (f.createdFrom) r = r.where('orders.created_at', f.createdFrom.inclusive ? '>=' : '>', f.createdFrom.at);
  if (f.createdTo) r = r.where('orders.created_at', f.createdTo.inclusive ? '<=' : '<', f.createdTo.at);
  if (f.search) {
    const pattern = likePattern(f.search);
    // A union of two index-backed lookups (trigram indexes on order_no and users.email) rather
    // than an OR across the join, which PostgreSQL could only answer by scanning every order.
    r = r.where('orders.id', 'in', (eb) =>
      eb
        .selectFrom('orders as by_no')
        .select('by_no.id')
        .where('by_no.order_no', 'ilike', pattern)
        .union(
          eb
            .selectFrom('orders as by_buyer')
            .innerJoin('users as buyer', 'buyer.id', 'by_buyer.user_id')
            .select('by_buyer.id')
            .where('buyer.email', 'ilike', pattern),
        ),
    );
  }
  return r as Q;
}

/** The order rows of one page, with their relations; `ids` keeps the page small before joining. */
function detailsOf(db: Kysely<Database>) {
  return (
    db
      .selectFrom('orders')
      .innerJoin('books', 'books.id', 'orders.book_id')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('payment_intents')
            .select(['payment_intents.method', 'payment_intents.provider_ref'])
            .whereRef('payment_intents.order_id', '=', 'orders.id')
            .orderBy('payment_intents.id', 'desc')
            .limit(1)
            .as('latest'),
        (join) => join.onTrue(),
      )
      .select(orderRowColumns)
      .select([
        'orders.id',
        'users.first_name',
        'users.last_name',
        'orders.quantity',
        'orders.unit_price_cents',
        'orders.remarks',
        'orders.shipped_at',
        'latest.method',
        'latest.provider_ref',
      ])
      // An operator recorded the transfer as received: the order was paid through that completion
      // (or, for rows of the earlier job-based completion, a request stands that was not skipped).
      .select(
        sql<boolean>`(exists (select 1 from order_events e where e.order_id = orders.id and e.type = 'paid' and e.data->>'source' = 'bank_transfer')
        or coalesce((select e.type = ${COMPLETION_REQUESTED} from order_events e where e.order_id = orders.id and e.type in (${COMPLETION_REQUESTED}, ${COMPLETION_SKIPPED}) order by e.id desc limit 1), false))`.as(
          'completion_requested',
        ),
      )
  );
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof detailsOf>['execute']>>[number];

function adminOrderView(r: DetailRow): AdminOrderView {
  return {
    ...orderView(r),
    quantity: r.quantity,
    unitPriceCents: r.unit_price_cents,
    buyerName: personName(r.first_name, r.last_name),
    remarks: r.remarks,
    shippedAt: r.shipped_at ? r.shipped_at.toISOString() : null,
    providerRef: r.provider_ref ?? null,
    completionRequested: Boolean(r.completion_requested),
  };
}

/**
 * The ids of one page (newest first) and the total of the filter, in one statement. The count is
 * a plain aggregate and the page an index-ordered LIMIT, so neither materialises every matching
 * row (a `count(*) over ()` window would, and spill to disk on a large shop); the left join keeps
 * the total when the page lies past the end. Only the page's rows are then joined with books,
 * buyers and attempts.
 */
export function adminOrderPageQuery(
  db: Kysely<Database>,
  filter: AdminOrderFilter,
  page: number,
  pageSize: number,
): CompiledQuery<{ total: string; id: string | null }> {
  return db
    .with('total', (qb) =>
      applyFilter(
        qb.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')),
        filter,
      ),
    )
    .with('page', (qb) =>
      applyFilter(qb.selectFrom('orders').select(['orders.id', 'orders.created_at']), filter)
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    )
    .selectFrom('total')
    .leftJoin('page', (join) => join.onTrue())
    .select(['total.n as total', 'page.id'])
    .orderBy('page.created_at', 'desc')
    .orderBy('page.id', 'desc')
    .compile();
}

export async function listAdminOrders(
  db: Kysely<Database>,
  filter: AdminOrderFilter,
  page: number,
  pageSize: number,
): Promise<{ items: AdminOrderView[]; total: number }> {
  const { rows } = await db.executeQuery(adminOrderPageQuery(db, filter, page, pageSize));
  const total = Number(rows[0]?.total ?? 0);
  const ids = rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  if (!ids.length) return { items: [], total };
  const details = await detailsOf(db).where('orders.id', 'in', ids).execute();
  const byId = new Map(details.map((r) => [r.id, r]));
  return { items: ids.map((id) => adminOrderView(byId.get(id)!)), total };
}

export async function findAdminOrder(db: Kysely<Database>, orderNo: string): Promise<AdminOrderView | null> {
  if (!orderNo || orderNo.length > 64) return null;
  const row = await detailsOf(db).where('orders.order_no', '=', orderNo).executeTakeFirst();
  return row ? adminOrderView(row) : null;
}

/** Purchase infos (shipping addresses) of several orders in one query, in the order asked. */
export async function purchaseInfosByOrderNo(db: Kysely<Database>, orderNos: readonly string[]) {
  if (!orderNos.length) return [];
  const rows = await db
    .selectFrom('purchase_infos')
    .innerJoin('orders', 'orders.id', 'purchase_infos.order_id')
    .selectAll('purchase_infos')
    .select('orders.order_no')
    .where('orders.order_no', 'in', [...new Set(orderNos)])
    .execute();
  return inOrderOf(orderNos, rows, purchaseInfoView);
}
