import type { Kysely } from 'kysely';
import { queryTemplate, type Database, type OrderStatus } from '@shop/db';
import { orderRowColumns, orderView, type OrderRow, type OrderView } from './views.js';

function orderSelect(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .innerJoin('books', 'books.id', 'orders.book_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(orderRowColumns)
    .select((eb) =>
      eb
        .selectFrom('payment_intents')
        .select('payment_intents.method')
        .whereRef('payment_intents.order_id', '=', 'orders.id')
        .orderBy('payment_intents.id', 'desc')
        .limit(1)
        .as('method'),
    );
}

/** One of the user's own orders; another user's order is indistinguishable from a missing one. */
export async function findOwnOrder(db: Kysely<Database>, userId: number, orderNo: string): Promise<OrderView | null> {
  if (!orderNo || orderNo.length > 64) return null;
  const row = await orderSelect(db).where('orders.order_no', '=', orderNo).where('orders.user_id', '=', userId).executeTakeFirst();
  return row ? orderView(row) : null;
}

export interface OrderListFilter {
  status?: OrderStatus;
  payType?: 2 | 3;
}

export const PAGE_SIZES = [10, 20, 50] as const;

type ListArgs = 'userId' | 'status' | 'payType' | 'limit' | 'offset';

/** The page query for one filter shape, compiled once and run as a prepared statement. */
function listTemplate(withStatus: boolean, withPayType: boolean) {
  const keys: ListArgs[] = ['userId', 'limit', 'offset', ...(withStatus ? (['status'] as const) : []), ...(withPayType ? (['payType'] as const) : [])];
  return queryTemplate(keys, (db, a) =>
    db
      .with('total', (qb) => {
        let q = qb
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', a.userId);
        if (withStatus) q = q.where('status', '=', a.status);
        if (withPayType) q = q.where('pay_type', '=', a.payType);
        return q;
      })
      .with('page', (qb) => {
        let q = qb.selectFrom('orders').selectAll().where('user_id', '=', a.userId);
        if (withStatus) q = q.where('status', '=', a.status);
        if (withPayType) q = q.where('pay_type', '=', a.payType);
        return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(a.limit).offset(a.offset);
      })
      .selectFrom('total')
      .leftJoin('page', (j) => j.onTrue())
      .leftJoin('books', 'books.id', 'page.book_id')
      // Every row of the page is the user's own: one look-up by key, not a join over all users.
      .leftJoin('users', (j) => j.on('users.id', '=', a.userId))
      .select([
        'total.n as total',
        'page.order_no',
        'page.created_at',
        'page.book_id',
        'books.title_en',
        'books.title_zh',
        'page.format',
        'page.language',
        'page.country',
        'page.pay_type',
        'page.provider',
        'page.amount_cents',
        'page.currency',
        'page.status',
        'page.shipping_status',
        'page.invoice_required',
        'page.paid_at',
        'page.expires_at',
        'page.bank_reference',
        'page.refunded_at',
        'page.user_id',
        'users.email as buyer_email',
        'page.id',
      ])
      .select((eb) =>
        eb
          .selectFrom('payment_intents')
          .select('payment_intents.method')
          .whereRef('payment_intents.order_id', '=', 'page.id')
          .orderBy('payment_intents.id', 'desc')
          .limit(1)
          .as('method'),
      )
      .orderBy('page.created_at', 'desc')
      .orderBy('page.id', 'desc'),
  );
}

const listTemplates = [listTemplate(false, false), listTemplate(true, false), listTemplate(false, true), listTemplate(true, true)];

/** The page statement of listOwnOrders (the bench reads its plan with EXPLAIN). */
export function ownOrdersPage(db: Kysely<Database>, userId: number, filter: OrderListFilter, page: number, pageSize: number) {
  const template = listTemplates[(filter.status ? 1 : 0) + (filter.payType ? 2 : 0)]!;
  return template(db, { userId, status: filter.status, payType: filter.payType, limit: pageSize, offset: (page - 1) * pageSize });
}

/**
 * Whether a row of the page query carries an order: the left join leaves every column of the page
 * null together, in the one row that only brings the total of a page past the end.
 */
function hasOrder<Row extends { order_no: string | null }>(r: Row): r is Row & OrderRow {
  return r.order_no !== null;
}

/**
 * A page of the user's orders, newest first, and the total: one SQL statement. The page is cut
 * first and only its rows are joined; the total is counted from the index alone.
 */
export async function listOwnOrders(
  db: Kysely<Database>,
  userId: number,
  filter: OrderListFilter,
  page: number,
  pageSize: number,
): Promise<{ items: OrderView[]; total: number }> {
  const { rows } = await db.executeQuery(ownOrdersPage(db, userId, filter, page, pageSize));
  const total = rows[0] ? Number(rows[0].total) : 0;
  const items = rows.filter(hasOrder).map(orderView);
  return { items, total };
}

/** Book ids of the e-books the user has paid for. */
export async function paidEbookIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('book_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('refunded_at', 'is', null)
    .where('format', '=', 'ebook')
    .execute();
  return rows.map((r) => r.book_id);
}

/** The buyer's paid e-book order of one book (the latest, should there be more than one). */
export async function paidEbookOrder(db: Kysely<Database>, userId: number, bookId: number): Promise<OrderView | null> {
  const row = await orderSelect(db)
    .where('orders.user_id', '=', userId)
    .where('orders.book_id', '=', bookId)
    .where('orders.status', '=', 'paid')
    .where('orders.format', '=', 'ebook')
    .orderBy('orders.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? orderView(row) : null;
}
