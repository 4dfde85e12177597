import { UnrecoverableError } from 'bullmq';
import { queryTemplate } from '@shop/db';
import type { Transporter } from 'nodemailer';
import { centsToDecimal, type BankAccount, type PaymentProvider } from '@shop/payments';
import type { WorkerDeps } from '../deps.js';
import { sendShopMail } from './send.js';
import { bankTransferMail, titleIn, type MailBrand } from './templates.js';

// One per bank-transfer checkout: compiled once, a prepared statement per connection.
const waitingOrder = queryTemplate(['orderNo'], (db, a) =>
  db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('books', 'books.id', 'orders.book_id')
    .select([
      'orders.order_no',
      'orders.status',
      'orders.provider',
      'orders.amount_cents',
      'orders.currency',
      'orders.expires_at',
      'users.email',
      'users.language',
      'books.title_en',
      'books.title_zh',
    ])
    .where('orders.order_no', '=', a.orderNo),
);

/** The bank details mail of an order still waiting for its transfer. */
export async function bankTransferDetailsMail(deps: WorkerDeps, transport: Transporter, orderNo: string, brand: MailBrand): Promise<unknown> {
  const account = (deps.providers.bank_transfer as (PaymentProvider & { account?: BankAccount | null }) | undefined)?.account;
  if (!account) throw new UnrecoverableError('bank transfer has no account configured (bankTransfer in PAYMENTS_CONFIG_FILE)');
  const order = (await deps.db.executeQuery(waitingOrder(deps.db, { orderNo }))).rows[0];
  if (!order) throw new UnrecoverableError(`order ${orderNo} does not exist`);
  if (order.status !== 'pending_payment' || order.provider !== 'bank_transfer' || !order.email)
    return { skipped: 'not a waiting bank transfer or no mail address' };
  const mail = bankTransferMail(
    {
      orderNo: order.order_no,
      title: titleIn(order.language, order),
      amount: centsToDecimal(order.amount_cents),
      currency: order.currency,
      ...account,
      expiresOn: order.expires_at.toISOString().slice(0, 10),
    },
    order.language,
    brand,
  );
  return sendShopMail(deps, transport, order.email, mail);
}
