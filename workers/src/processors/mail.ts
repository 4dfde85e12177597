import { UnrecoverableError, type Job } from 'bullmq';
import type { Transporter } from 'nodemailer';
import type { JobPayloads } from '@shop/jobs';
import type { WorkerDeps } from '../deps.js';
import { centsToDecimal } from '@shop/payments';
import { receiptMail, titleIn, verificationCodeMail, type MailBrand } from '../mail/templates.js';
import { bankTransferDetailsMail } from '../mail/bank-transfer.js';
import { sendShopMail } from '../mail/send.js';
import { refundMail } from '../mail/refund.js';
import { invoiceIssuedMail } from '../mail/invoice.js';
import { reconciliationAlertMail } from '../mail/reconciliation-alert.js';
import { unseal } from '@shop/config';

/** Where a code goes: the email itself, or the email of the account owning the phone number. */
async function recipientFor(deps: WorkerDeps, target: string): Promise<string | null> {
  if (target.includes('@')) return target;
  const m = /^(\+\d{1,4}) (\d+)$/.exec(target);
  if (!m) return null;
  const u = await deps.db.selectFrom('users').select('email').where('phone_area', '=', m[1]!).where('phone_no', '=', m[2]!).executeTakeFirst();
  return u?.email ?? null;
}

/** The brand and links of every mail, from the configuration. */
export function mailBrand(config: WorkerDeps['config']): MailBrand {
  return {
    name: config.brand.name,
    color: config.brand.color,
    shopUrl: `${config.publicUrl}${config.basePath}`,
    serviceEmail: config.serviceEmail,
    seller: config.brand.seller,
  };
}

export function mailProcessor(deps: WorkerDeps, transport: Transporter) {
  const brand = mailBrand(deps.config);
  return async (job: Job<JobPayloads['mail']>): Promise<unknown> => {
    const data = job.data;
    if (data.kind === 'verification-code') {
      const row = await deps.db
        .selectFrom('verification_codes')
        .select(['target', 'expires_at', 'consumed_at'])
        .where('id', '=', data.codeId)
        .executeTakeFirst();
      if (!row) throw new UnrecoverableError(`code ${data.codeId} does not exist`);
      // A replaced or expired code is not worth a mail any more.
      if (row.consumed_at || row.expires_at.getTime() < Date.now()) return { skipped: 'code no longer valid' };
      const to = await recipientFor(deps, row.target);
      if (!to) throw new UnrecoverableError('no mail address for this account');
      let code: string;
      try {
        code = unseal(deps.config.appSecret, data.sealedCode);
      } catch {
        throw new UnrecoverableError('sealed code cannot be opened (APP_SECRET differs between gateway and workers?)');
      }
      const mail = verificationCodeMail(code, data.purpose, data.language, brand);
      return sendShopMail(deps, transport, to, mail);
    }
    if (data.kind === 'bank-transfer-details') return bankTransferDetailsMail(deps, transport, data.orderNo, brand);
    if (data.kind === 'refund') return refundMail(deps, transport, data.refundNo, brand);
    if (data.kind === 'invoice-issued') return invoiceIssuedMail(deps, transport, data.orderNo, brand);
    if (data.kind === 'reconciliation-alert') return reconciliationAlertMail(deps, transport, data, brand);
    const order = await deps.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .innerJoin('books', 'books.id', 'orders.book_id')
      .select([
        'orders.order_no',
        'orders.status',
        'orders.format',
        'orders.amount_cents',
        'orders.currency',
        'users.email',
        'orders.language',
        'books.title_en',
        'books.title_zh',
      ])
      .where('orders.order_no', '=', data.orderNo)
      .executeTakeFirst();
    if (!order) throw new UnrecoverableError(`order ${data.orderNo} does not exist`);
    if (order.status !== 'paid' || !order.email) return { skipped: 'not paid or no mail address' };
    const mail = receiptMail(
      {
        orderNo: order.order_no,
        title: titleIn(order.language, order),
        amount: centsToDecimal(order.amount_cents),
        currency: order.currency,
        format: order.format,
      },
      order.language,
      brand,
    );
    return sendShopMail(deps, transport, order.email, mail);
  };
}
