import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { text } from '../../i18n/messages.js';
import { checkPayment } from '../../services/payments/check.js';
import { legacy, type Envelope } from './envelope.js';
import { envelope } from './schemas.js';

const data = { type: 'object', properties: { payStatus: { type: 'boolean' }, orderNo: { type: ['string', 'null'] }, bookId: { type: ['string', 'null'] }, link: { type: ['string', 'null'] } } } as const;

// The result pages' legacy checks: code 200 + payStatus when paid; otherwise 'Payment failed,
// please pay again!' with the link to pay again when there is one. The QR page polls WeChat with
// flag=true, where "not yet" is code 202 rather than a failure.
async function answer(req: FastifyRequest, reference: string, polling: boolean): Promise<Envelope<object>> {
  const r = await checkPayment(req.server.deps, req.user, reference);
  if (r.paid) return { code: 200, message: text('paymentSucceeded', req.locale), data: { payStatus: true, orderNo: r.orderNo, bookId: r.bookId, link: null } };
  if (polling && (r.intentStatus === 'pending' || r.intentStatus === 'created')) return { code: 202, message: 'waiting', data: { payStatus: false, orderNo: r.orderNo, bookId: r.bookId, link: null } };
  return { code: 500, message: text('paymentFailed', req.locale), data: { payStatus: false, orderNo: r.orderNo, bookId: r.bookId, link: r.retryHref } };
}

const routes: FastifyPluginAsync = async (app) => {
  const schema = { response: envelope(data) };
  app.get('/api/wx-pay/query/:orderNo', { schema }, legacy(async (req) => answer(req, (req.params as { orderNo: string }).orderNo, (req.query as { flag?: string }).flag === 'true')));
  app.get('/api/ali-pay/query/:orderNo', { schema }, legacy(async (req) => answer(req, (req.params as { orderNo: string }).orderNo, false)));
  app.get('/api/paypal/checkout/:orderNo', { schema }, legacy(async (req) => answer(req, (req.params as { orderNo: string }).orderNo, false)));
};

export default routes;
