import { UnrecoverableError } from 'bullmq';
import type { Transporter } from 'nodemailer';
import type { WorkerDeps } from '../deps.js';
import { sendShopMail } from './send.js';
import { layout, myOrdersButton, titleIn, type Lang, type MailBrand, type RenderedMail } from './templates.js';

// The buyer is told, in their language, that the invoice they asked for is issued: an electronic
// one comes attached and stays downloadable from My Orders; a paper one names its courier and
// tracking number.

export interface InvoiceMailData {
  orderNo: string;
  title: string;
  invoiceType: 'vat_general' | 'vat_special' | null;
  invoicePayable: string | null;
  delivery: 'electronic' | 'express';
  courier: string | null;
  trackingNo: string | null;
}

const TYPE = {
  en: { vat_general: 'VAT general invoice', vat_special: 'VAT special invoice' },
  zh: { vat_general: '增值税普通发票', vat_special: '增值税专用发票' },
} as const;

export function invoiceMailText(d: InvoiceMailData, lang: Lang, brand: MailBrand): RenderedMail {
  const zh = lang === 'zh';
  const electronic = d.delivery === 'electronic';
  const facts: [string, string][] = zh
    ? [
        ['订单号', d.orderNo],
        ['书籍', d.title],
      ]
    : [
        ['Order number', d.orderNo],
        ['Book', d.title],
      ];
  if (d.invoiceType) facts.push([zh ? '发票类型' : 'Invoice type', TYPE[lang][d.invoiceType]]);
  if (d.invoicePayable) facts.push([zh ? '发票抬头' : 'Invoice title', d.invoicePayable]);
  if (!electronic) {
    facts.push([zh ? '快递公司' : 'Courier', d.courier ?? '']);
    facts.push([zh ? '快递单号' : 'Tracking number', d.trackingNo ?? '']);
  }
  const subject = zh ? `订单 ${d.orderNo} 的发票已开具` : `Order ${d.orderNo}: your invoice is issued`;
  const intro = electronic
    ? zh
      ? `订单 ${d.orderNo} 的电子发票已开具，发票文件附在本邮件中。`
      : `The electronic invoice for order ${d.orderNo} is issued; its file is attached to this mail.`
    : zh
      ? `订单 ${d.orderNo} 的纸质发票已开具，并已通过快递寄出。`
      : `The paper invoice for order ${d.orderNo} is issued and on its way by courier.`;
  const howTo = electronic
    ? zh
      ? '您也可以随时在“我的订单”中找到该订单，点击“下载发票”下载。'
      : 'You can also download it at any time from My Orders: find the order and choose "Download invoice".'
    : zh
      ? '您可以凭快递单号在快递公司查询物流信息；“我的订单”中也显示快递公司和单号。'
      : "Track the parcel with the tracking number at the courier's site; My Orders shows the courier and the tracking number too.";
  return layout(brand, lang, subject, [{ kind: 'p', text: intro }, { kind: 'facts', rows: facts }, { kind: 'p', text: howTo }, myOrdersButton(brand, lang)]);
}

/** The mail of an issued invoice; an order whose invoice is not issued (yet) is not told. */
export async function invoiceIssuedMail(deps: WorkerDeps, transport: Transporter, orderNo: string, brand: MailBrand): Promise<unknown> {
  const row = await deps.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('books', 'books.id', 'orders.book_id')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .leftJoin('invoice_documents', 'invoice_documents.order_id', 'orders.id')
    .select([
      'orders.order_no',
      'orders.language',
      'users.email',
      'books.title_en',
      'books.title_zh',
      'invoices.invoice_type',
      'invoices.invoice_payable',
      'invoice_documents.delivery',
      'invoice_documents.courier',
      'invoice_documents.tracking_no',
      'invoice_documents.file_name',
      'invoice_documents.content_type',
      'invoice_documents.content',
    ])
    .where('orders.order_no', '=', orderNo)
    .executeTakeFirst();
  if (!row) throw new UnrecoverableError(`order ${orderNo} does not exist`);
  if (!row.delivery || !row.email) return { skipped: 'invoice not issued or no mail address' };
  const mail = invoiceMailText(
    {
      orderNo: row.order_no,
      title: titleIn(row.language, row),
      invoiceType: row.invoice_type,
      invoicePayable: row.invoice_payable,
      delivery: row.delivery,
      courier: row.courier,
      trackingNo: row.tracking_no,
    },
    row.language,
    brand,
  );
  const attachments =
    row.delivery === 'electronic' && row.content && row.file_name && row.content_type
      ? [{ filename: row.file_name, content: row.content, contentType: row.content_type }]
      : [];
  return sendShopMail(deps, transport, row.email, mail, attachments);
}
