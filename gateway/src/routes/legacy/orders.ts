import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { centsToDecimal } from '@shop/payments';
import { AppError, forbidden, unauthenticated } from '../../services/errors.js';
import { checkout } from '../../services/orders/checkout.js';
import { attachment, ebookFor } from '../../services/orders/download.js';
import { requestHash, withIdempotency } from '../../services/orders/idempotency.js';
import { purchaseInfoOf } from '../../services/orders/details.js';
import { listOwnOrders, PAGE_SIZES, paidEbookIds } from '../../services/orders/queries.js';
import type { OrderView, PaymentMethod } from '../../services/orders/views.js';
import { text } from '../../i18n/messages.js';
import { field, legacy, ok } from './envelope.js';
import { envelope, formBody, s } from './schemas.js';
import { updateOrderStatus } from '../../services/orders/admin.js';

// Legacy codes live only at this edge: status '0' paid, '2' pending (and, beyond what old clients
// knew, '3' cancelled, '4' expired); format '0' e-book, '1' paper; pay type 2 provider, 3 offline.
const legacyStatus = { paid: '0', pending_payment: '2', cancelled: '3', expired: '4' } as const;
const statusFromLegacy: Record<string, 'paid' | 'pending_payment' | 'cancelled' | 'expired'> = { '0': 'paid', '2': 'pending_payment', '3': 'cancelled', '4': 'expired' };

function legacyStatusFilter(code: string | undefined) {
  return code !== undefined && Object.hasOwn(statusFromLegacy, code) ? statusFromLegacy[code] : undefined;
}

function legacyRow(o: OrderView, locale: 'zh' | 'en') {
  return {
    orderId: o.orderNo,
    createTime: o.createdAt,
    bookId: o.bookId,
    bookName: locale === 'zh' ? o.bookNameZh : o.bookNameEn,
    bookFormat: o.format === 'ebook' ? '0' : '1',
    countryInfo: o.country,
    orderPayType: o.payType,
    entryPrice: Number(centsToDecimal(o.amountCents)),
    currency: o.currency,
    orderStatus: legacyStatus[o.status],
    buyerEmail: o.buyerEmail,
    payerId: String(o.userId),
  };
}

const orderRowSchema = {
  type: 'object',
  properties: {
    orderId: { type: 'string' }, createTime: { type: 'string' }, bookId: { type: 'string' }, bookName: { type: 'string' }, bookFormat: { type: 'string' },
    countryInfo: { type: 'string' }, orderPayType: { type: 'integer' }, entryPrice: { type: 'number' }, currency: { type: 'string' }, orderStatus: { type: 'string' },
    buyerEmail: { type: 'string' }, payerId: { type: 'string' }, totalCo: { type: 'integer' },
  },
} as const;

/** registratorComplex's plat/payType to a payment method; pay type 2 is PayPal unless plat says otherwise. */
function methodFrom(body: unknown): PaymentMethod {
  if (field(body, 'payType') === '3') return 'BANK_TRANSFER';
  const plat = (field(body, 'plat') ?? '').toLowerCase();
  if (['wx', 'wechat', 'wxpay', 'weixin'].includes(plat)) return field(body, 'openId') ? 'WECHAT_JSAPI' : 'WECHAT_NATIVE';
  if (['ali', 'alipay', 'zfb'].includes(plat)) return 'ALIPAY';
  return 'PAYPAL';
}

function objectField(body: unknown, name: string): Record<string, unknown> | null {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  if (typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(v);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return null;
}

async function sendEbook(req: FastifyRequest, reply: FastifyReply, which: { orderNo?: string; bookId?: number }) {
  try {
    const file = await ebookFor(req.server.deps, req.user, which);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(file.fileName, `book-${file.bookId}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.bytes));
  } catch (err) {
    if (err instanceof AppError) return reply.code(err.code === 401 ? 401 : 404).send({ code: err.code, message: text(err.key, req.locale), data: null });
    throw err;
  }
}

const routes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const user = (req: FastifyRequest) => {
    if (!req.user) throw unauthenticated();
    return req.user;
  };

  app.post('/api/books/selectBookPurchases', { schema: { body: formBody({ payerId: s }), response: envelope({ type: 'array', items: { type: 'object', properties: { bookId: { type: 'string' }, bookPwd: { type: 'string' } } } }) } }, legacy(async (req) => {
    const u = user(req);
    const ids = await paidEbookIds(deps.db, u.id);
    return ok(req, ids.map((id) => ({ bookId: String(id), bookPwd: u.email ?? '' })));
  }));

  app.post('/api/login/registratorComplex', { schema: { body: formBody({}), response: envelope({ type: 'object', additionalProperties: true }) } }, legacy(async (req) => {
    const u = user(req);
    const body = req.body;
    const purchaseInfo = objectField(body, 'purchaseInfo');
    const key = req.headers['idempotency-key'];
    const outcome = await withIdempotency(deps.db, u.id, typeof key === 'string' ? key : undefined, requestHash(body), () =>
      checkout(deps, u, {
        bookId: Number(field(body, 'bookId')),
        format: field(body, 'bookFormat') === '1' ? 'paper' : 'ebook',
        country: String(purchaseInfo?.country ?? field(body, 'country') ?? ''),
        paymentMethod: methodFrom(body),
        purchaseInfo: purchaseInfo && purchaseInfo.streetNumber ? purchaseInfo : null,
        invoice: field(body, 'invoiceFlag') === '1' ? objectField(body, 'invoice') : null,
        openId: field(body, 'openId') ?? null,
        remarks: field(body, 'remarks') ?? null,
        language: req.locale,
        clientIp: req.ip,
        userAgent: req.headers['user-agent'],
      }),
    );
    const a = outcome.intent.nextAction;
    return ok(req, {
      orderNo: outcome.order.orderNo,
      codeUrl: a?.type === 'qr' ? a.codeUrl : null,
      paySign: a?.type === 'jsapi' ? a.paySign : null,
      body: a?.type === 'form' ? a.body : null,
      href: a?.type === 'redirect' ? a.href : null,
      offline: a?.type === 'offline' ? a.reference : null,
      price: Number(centsToDecimal(outcome.order.amountCents)),
      currency: outcome.order.currency,
    }, a?.type === 'offline' ? 'submissionSuccessful' : 'success');
  }));

  app.post('/api/order/getList', { schema: { body: formBody({ userId: s, currentSizeCo: s, pageSizeCo: s, totalCo: s, orderStatus: s, orderPayType: s }), response: envelope({ type: 'array', items: orderRowSchema }) } }, legacy(async (req) => {
    const u = user(req);
    const size = Number(field(req.body, 'pageSizeCo') ?? 10);
    const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : 10;
    const page = Math.min(Math.max(1, Math.trunc(Number(field(req.body, 'currentSizeCo') ?? 1)) || 1), 100_000);
    const payType = field(req.body, 'orderPayType');
    const { items, total } = await listOwnOrders(deps.db, u.id, { status: legacyStatusFilter(field(req.body, 'orderStatus')), payType: payType === '2' ? 2 : payType === '3' ? 3 : undefined }, page, pageSize);
    if (!items.length) return ok(req, null);
    const rows = items.map((o) => legacyRow(o, req.locale));
    return ok(req, rows.map((r, i) => (i === 0 ? { ...r, totalCo: total } : r)));
  }));

  app.post('/api/order/purchaseInfo', { schema: { body: formBody({ userId: s, orderId: s }), response: envelope({ type: 'object', additionalProperties: true }) } }, legacy(async (req) => {
    const info = await purchaseInfoOf(deps.db, user(req).id, field(req.body, 'orderId') ?? '');
    return ok(req, info);
  }));

  app.post('/api/books/download', { schema: { body: { type: 'object', additionalProperties: true } } }, async (req, reply) => {
    const orderNo = field(req.body, 'orderId') ?? field(req.body, 'orderNo');
    const bookId = Number(field(req.body, 'bookId'));
    return sendEbook(req, reply, orderNo ? { orderNo } : { bookId });
  });

  app.get('/api/orders/:orderNo/download', async (req, reply) => sendEbook(req, reply, { orderNo: (req.params as { orderNo: string }).orderNo }));

  app.post('/api/orderManagement/updateOrderStatus', { schema: { body: formBody({ orderId: s, orderStatus: s, userId: s }), response: envelope({ type: 'object', additionalProperties: true }) } }, legacy(async (req) => {
    const u = user(req);
    if (u.role !== 'operator') throw forbidden();
    const orderNo = field(req.body, 'orderId') ?? field(req.body, 'orderNo') ?? '';
    const result = await updateOrderStatus(deps, u, orderNo, { orderStatus: field(req.body, 'orderStatus'), shipped: field(req.body, 'shippingStatus') ?? field(req.body, 'shipped'), reference: field(req.body, 'reference') });
    return ok(req, result, 'operationSuccess');
  }));

};

export default routes;
