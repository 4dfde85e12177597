import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { INVOICE_FILE_MAX_BYTES } from '@shop/db';
import { envelope } from './legacy/schemas.js';
import { issueOrderInvoice } from '../services/invoices/issue.js';
import { findAdminOrder } from '../services/admin/orders.js';
import { registerOperatorUpload } from './operator-upload.js';

// An operator issues an order's electronic invoice by uploading its PDF or OFD file as the raw
// body (the console's "Attach invoice"). The upload helper checks the session, role, CSRF, type and
// size; core checks the bytes themselves (PDF or OFD by their first bytes) and the order.
const URL = '/api/admin/orders/:orderNo/invoice';
const issued = Type.Object({ orderNo: Type.String(), changed: Type.Boolean(), invoiceStatus: Type.String() }, { additionalProperties: false });

const routes: FastifyPluginAsync = async (app) => {
  // The answer's schema, for the OpenAPI document of the /api/ paths (the upload helper leaves the
  // route's schema to its caller): added to this scope's one route as it is registered.
  app.addHook('onRoute', (route) => {
    if (route.url === URL) route.schema = { ...route.schema, response: envelope(issued) };
  });
  await registerOperatorUpload(app, {
    url: URL,
    maxBytes: INVOICE_FILE_MAX_BYTES,
    mediaTypes: ['application/pdf', 'application/ofd'],
    extensions: ['.pdf', '.ofd'],
    typeMessage: 'invoiceFileType',
    handle: async (upload, req) => {
      const { orderNo } = req.params as { orderNo: string };
      const r = await issueOrderInvoice(req.server.deps, upload.operator.user, orderNo, { delivery: 'electronic', bytes: upload.body });
      const order = await findAdminOrder(req.server.deps.db, r.orderNo);
      return { orderNo: r.orderNo, changed: r.changed, invoiceStatus: order?.invoiceStatus ?? 'issued' };
    },
  });
};

export default routes;
