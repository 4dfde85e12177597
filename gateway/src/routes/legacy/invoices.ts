import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { text } from '../../i18n/messages.js';
import { invoiceFileFor } from '../../services/invoices/documents.js';
import { AppError } from '../../services/errors.js';
import { attachment } from '../../services/orders/download.js';
import { orderNoParams } from './schemas.js';

const file = {
  description: 'the electronic invoice (PDF or OFD)',
  content: {
    'application/pdf': { schema: Type.String({ format: 'binary' }) },
    'application/ofd': { schema: Type.String({ format: 'binary' }) },
  },
};

// The buyer's download of an order's electronic invoice (My Orders links it). A guest is asked to
// log in (401); every other refusal is the product's download failure (404), alike for another
// buyer's order, an unknown one and one without an issued electronic invoice.
async function sendInvoice(req: FastifyRequest, reply: FastifyReply, orderNo: string) {
  try {
    const f = await invoiceFileFor(req.server.deps, req.user, orderNo);
    const ext = f.contentType === 'application/pdf' ? 'pdf' : 'ofd';
    return reply
      .header('content-type', f.contentType)
      .header('content-disposition', attachment(f.fileName, `invoice.${ext}`))
      .header('cache-control', 'private, no-store')
      .send(f.bytes);
  } catch (err) {
    if (err instanceof AppError)
      return reply.code(err.code === 401 ? 401 : 404).send({ code: err.code, message: text(err.messageKey, req.locale), data: null });
    throw err;
  }
}

const routes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/api/orders/:orderNo/invoice', { schema: { params: orderNoParams, response: { 200: file } } }, async (req, reply) =>
    sendInvoice(req, reply, req.params.orderNo),
  );
};

export default routes;
