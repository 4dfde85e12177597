import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { text } from '../../i18n/messages.js';
import { checkPayment } from '../../services/payments/check.js';
import type { Envelope } from './envelope.js';
import { envelope, nullableString, orderNoParams } from './schemas.js';

const data = Type.Object({ payStatus: Type.Boolean(), orderNo: nullableString, bookId: nullableString, link: nullableString }, { additionalProperties: false });

// The result pages' legacy checks: code 200 + payStatus when paid; otherwise 'Payment failed,
// please pay again!' with the link to pay again when there is one. The QR page polls WeChat with
// flag=true, where "not yet" is code 202 rather than a failure.
async function answer(req: FastifyRequest, reference: string, polling: boolean): Promise<Envelope<Static<typeof data>>> {
  const r = await checkPayment(req.server.deps, req.user, reference);
  if (r.paid) return { code: 200, message: text('paymentSucceeded', req.locale), data: { payStatus: true, orderNo: r.orderNo, bookId: r.bookId, link: null } };
  if (polling && (r.intentStatus === 'pending' || r.intentStatus === 'created'))
    return { code: 202, message: 'waiting', data: { payStatus: false, orderNo: r.orderNo, bookId: r.bookId, link: null } };
  return { code: 500, message: text('paymentFailed', req.locale), data: { payStatus: false, orderNo: r.orderNo, bookId: r.bookId, link: r.retryHref } };
}

const routes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const schema = { params: orderNoParams, response: envelope(data) };
  const polled = {
    ...schema,
    querystring: Type.Object({ flag: Type.Optional(Type.String({ description: "'true' while the QR page polls: not yet paid answers code 202" })) }),
  };
  app.get('/api/wx-pay/query/:orderNo', { schema: polled }, async (req) => answer(req, req.params.orderNo, req.query.flag === 'true'));
  app.get('/api/ali-pay/query/:orderNo', { schema }, async (req) => answer(req, req.params.orderNo, false));
  app.get('/api/paypal/checkout/:orderNo', { schema }, async (req) => answer(req, req.params.orderNo, false));
};

export default routes;
