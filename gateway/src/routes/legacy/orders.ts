import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { centsToDecimal } from '@shop/payments';
import { AppError, forbidden, unauthenticated } from '../../services/errors.js';
import { checkout } from '../../services/orders/checkout.js';
import { attachment, ebookFor } from '../../services/orders/download.js';
import { requestHash, withIdempotency } from '../../services/orders/idempotency.js';
import { purchaseInfoOf } from '../../services/orders/details.js';
import { listOwnOrders, PAGE_SIZES, paidEbookIds } from '../../services/orders/queries.js';
import type { OrderView, PaymentMethod } from '../../services/orders/views.js';
import { text } from '../../i18n/messages.js';
import { ok } from './envelope.js';
import { envelope, formBody, nullableString, openObject, orderNoParams, s } from './schemas.js';
import { updateOrderStatus } from '../../services/orders/admin.js';

// Legacy codes live only at this edge: status '0' paid, '2' pending (and, beyond what old clients
// knew, '4' expired); format '0' e-book, '1' paper; pay type 2 provider, 3 offline.
const legacyStatus = { paid: '0', pending_payment: '2', expired: '4' } as const;
const statusFromLegacy: Record<string, 'paid' | 'pending_payment' | 'expired'> = { '0': 'paid', '2': 'pending_payment', '4': 'expired' };

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

const orderRowSchema = Type.Object(
  {
    orderId: Type.String(),
    createTime: Type.String(),
    bookId: Type.String(),
    bookName: Type.String(),
    bookFormat: Type.String({ description: "'0' e-book, '1' paper" }),
    countryInfo: Type.String(),
    orderPayType: Type.Integer({ description: '2 provider, 3 offline' }),
    entryPrice: Type.Number(),
    currency: Type.String(),
    orderStatus: Type.String({ description: "'0' paid, '2' pending, '4' expired" }),
    buyerEmail: Type.String(),
    payerId: Type.String(),
    totalCo: Type.Optional(Type.Integer({ description: 'the number of matching orders, on the first row only' })),
  },
  { additionalProperties: false },
);

/** A nested object, as bracket/dot form keys or as a JSON string (how old clients send purchaseInfo and invoice). */
const nested = Type.Union([openObject('the nested fields'), Type.String()]);

const checkoutBody = formBody({
  bookId: s,
  bookName: s,
  bookType: s,
  bookFormat: s,
  unitPrice: s,
  enrolment: s,
  price: s,
  currency: s,
  currencyKey: s,
  payType: s,
  plat: s,
  openId: s,
  orderNo: s,
  userId: s,
  country: s,
  remarks: s,
  invoiceFlag: s,
  purchaseInfo: nested,
  invoice: nested,
});
type CheckoutForm = Static<typeof checkoutBody>;

const checkoutData = Type.Object(
  {
    orderNo: Type.String(),
    codeUrl: nullableString,
    paySign: Type.Union([Type.Null(), openObject('WeChat JSAPI parameters: appId, timeStamp, nonceStr, package, signType, paySign')]),
    body: nullableString,
    href: nullableString,
    offline: nullableString,
    price: Type.Number(),
    currency: Type.String(),
  },
  { additionalProperties: false },
);

const statusChange = Type.Object(
  { orderNo: Type.String(), changed: Type.Boolean(), status: Type.String(), shippingStatus: Type.String() },
  { additionalProperties: false },
);

/** registratorComplex's plat/payType to a payment method; pay type 2 is PayPal unless plat says otherwise. */
function methodFrom(body: CheckoutForm): PaymentMethod {
  if (body.payType === '3') return 'BANK_TRANSFER';
  const plat = (body.plat ?? '').toLowerCase();
  if (['wx', 'wechat', 'wxpay', 'weixin'].includes(plat)) return body.openId ? 'WECHAT_JSAPI' : 'WECHAT_NATIVE';
  if (['ali', 'alipay', 'zfb'].includes(plat)) return 'ALIPAY';
  return 'PAYPAL';
}

/** The nested object itself, or the one its JSON string holds; anything else is absent. */
function objectOf(v: Static<typeof nested> | undefined): Record<string, unknown> | null {
  if (v && typeof v === 'object') return v as Record<string, unknown>;
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
    const file = await ebookFor(req.server.deps, req.sessionToken, which);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(file.fileName, `book-${file.bookId}.pdf`))
      .header('cache-control', 'private, no-store');
    if ('bytes' in file.body) {
      const b = file.body.bytes;
      // Sent as it is (a Buffer over the same memory, not a copy): one write with the headers.
      return reply.send(Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));
    }
    return reply.header('content-length', file.body.size).send(file.body.stream);
  } catch (err) {
    if (err instanceof AppError)
      return reply.code(err.code === 401 ? 401 : 404).send({ code: err.code, message: text(err.messageKey, req.locale), data: null });
    throw err;
  }
}

// The downloads check the session in the statement that finds the order (download.ts).
const ownSessionCheck = { sessionInHandler: true };

const pdf = { description: 'the e-book', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } };

const routes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const deps = app.deps;
  const user = (req: FastifyRequest) => {
    if (!req.user) throw unauthenticated();
    return req.user;
  };

  const purchases = Type.Array(Type.Object({ bookId: Type.String(), bookPwd: Type.String() }, { additionalProperties: false }));
  app.post('/api/books/selectBookPurchases', { schema: { body: formBody({ payerId: s }), response: envelope(purchases) } }, async (req) => {
    const u = user(req);
    const ids = await paidEbookIds(deps.db, u.id);
    return ok(
      req,
      ids.map((id) => ({ bookId: String(id), bookPwd: u.email ?? '' })),
    );
  });

  app.post('/api/login/registratorComplex', { schema: { body: checkoutBody, response: envelope(checkoutData) } }, async (req) => {
    const u = user(req);
    const body = req.body;
    const purchaseInfo = objectOf(body.purchaseInfo);
    const key = req.headers['idempotency-key'];
    const outcome = await withIdempotency(deps.db, u.id, typeof key === 'string' ? key : undefined, requestHash(body), () =>
      checkout(deps, u, {
        bookId: Number(body.bookId),
        format: body.bookFormat === '1' ? 'paper' : 'ebook',
        country: String(purchaseInfo?.country ?? body.country ?? ''),
        paymentMethod: methodFrom(body),
        purchaseInfo: purchaseInfo && purchaseInfo.streetNumber ? purchaseInfo : null,
        invoice: body.invoiceFlag === '1' ? objectOf(body.invoice) : null,
        openId: body.openId ?? null,
        remarks: body.remarks ?? null,
        language: req.locale,
        clientIp: req.ip,
        userAgent: req.headers['user-agent'],
      }),
    );
    const a = outcome.intent.nextAction;
    return ok(
      req,
      {
        orderNo: outcome.order.orderNo,
        codeUrl: a?.type === 'qr' ? a.codeUrl : null,
        paySign: a?.type === 'jsapi' ? a.paySign : null,
        body: a?.type === 'form' ? a.body : null,
        href: a?.type === 'redirect' ? a.href : null,
        offline: a?.type === 'offline' ? a.reference : null,
        price: Number(centsToDecimal(outcome.order.amountCents)),
        currency: outcome.order.currency,
      },
      a?.type === 'offline' ? 'submissionSuccessful' : 'success',
    );
  });

  const listBody = formBody({ userId: s, currentSizeCo: s, pageSizeCo: s, totalCo: s, orderStatus: s, orderPayType: s });
  app.post('/api/order/getList', { schema: { body: listBody, response: envelope(Type.Array(orderRowSchema)) } }, async (req) => {
    const u = user(req);
    const size = Number(req.body.pageSizeCo ?? 10);
    const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : 10;
    const page = Math.min(Math.max(1, Math.trunc(Number(req.body.currentSizeCo ?? 1)) || 1), 100_000);
    const payType = req.body.orderPayType;
    const { items, total } = await listOwnOrders(
      deps.db,
      u.id,
      { status: legacyStatusFilter(req.body.orderStatus), payType: payType === '2' ? 2 : payType === '3' ? 3 : undefined },
      page,
      pageSize,
    );
    if (!items.length) return ok(req, null);
    const rows = items.map((o) => legacyRow(o, req.locale));
    return ok(
      req,
      rows.map((r, i) => (i === 0 ? { ...r, totalCo: total } : r)),
    );
  });

  app.post(
    '/api/order/purchaseInfo',
    { schema: { body: formBody({ userId: s, orderId: s }), response: envelope(openObject('the purchase info of the order as stored')) } },
    async (req) => {
      const info = await purchaseInfoOf(deps.db, user(req).id, req.body.orderId ?? '');
      return ok(req, info);
    },
  );

  app.post(
    '/api/books/download',
    { schema: { body: formBody({ orderId: s, orderNo: s, bookId: s, buyerEmail: s }), response: { 200: pdf } }, config: ownSessionCheck },
    async (req, reply) => {
      const orderNo = req.body.orderId ?? req.body.orderNo;
      return sendEbook(req, reply, orderNo ? { orderNo } : { bookId: Number(req.body.bookId) });
    },
  );

  app.get('/api/orders/:orderNo/download', { schema: { params: orderNoParams, response: { 200: pdf } }, config: ownSessionCheck }, async (req, reply) =>
    sendEbook(req, reply, { orderNo: req.params.orderNo }),
  );

  const statusBody = formBody({ orderId: s, orderNo: s, orderStatus: s, shippingStatus: s, shipped: s, reference: s, userId: s });
  app.post('/api/orderManagement/updateOrderStatus', { schema: { body: statusBody, response: envelope(statusChange) } }, async (req) => {
    const u = user(req);
    if (u.role !== 'operator') throw forbidden();
    const b = req.body;
    const result = await updateOrderStatus(deps, u, b.orderId ?? b.orderNo ?? '', {
      orderStatus: b.orderStatus,
      shipped: b.shippingStatus ?? b.shipped,
      reference: b.reference,
    });
    return ok(req, result, 'operationSuccess');
  });
};

export default routes;
