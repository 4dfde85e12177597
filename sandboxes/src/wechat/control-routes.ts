// Test/UI controls under <prefix>/_control: drive orders, switch keys and faults, read deliveries.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseFaults, type SigningKeyMode } from './options.js';
import type { ApiError, Outcome, SandboxOrder } from './orders.js';
import type { WechatSandbox } from './sandbox.js';
import { registerClockRoutes } from '../bills/clock.js';
import { registerBillFaultRoutes } from '../bills/faults.js';

type BaseUrl = (req: FastifyRequest) => string;
type NoParams = { Params: { outTradeNo: string } };

const MODES: SigningKeyMode[] = ['certificate', 'publicKey', 'random'];

/** Control bodies arrive raw (the sandbox keeps every body raw for signature checks). */
function jsonBody(req: FastifyRequest): Record<string, unknown> {
  if (typeof req.body !== 'string' || req.body.trim() === '') return {};
  try {
    const v = JSON.parse(req.body) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function registerControlRoutes(app: FastifyInstance, sb: WechatSandbox, baseUrl: BaseUrl): void {
  const answer = (req: FastifyRequest, reply: FastifyReply, r: Outcome<SandboxOrder>) =>
    'error' in r ? reply.code(r.error.status).send(errorBody(r.error)) : reply.send(sb.view(r.ok, baseUrl(req)));

  app.get('/_control/info', async () => ({
    mchid: sb.credentials.mchid,
    appid: sb.credentials.appid,
    merchantSerialNo: sb.credentials.merchant.serialNo,
    platformCertificateSerialNo: sb.credentials.platformCertificate.serialNo,
    wechatpayPublicKeyId: sb.credentials.wechatpayPublicKey.keyId,
    signingKeyMode: sb.signingKeyMode,
    timeScale: sb.timeScale,
    defaultFaults: sb.defaultFaults,
    setup: sb.setup.setup,
    mode: sb.setup.mode,
    currencies: sb.setup.currencies,
  }));

  app.get('/_control/orders', async (req) => ({ orders: sb.orders.all().map((o) => sb.view(o, baseUrl(req))) }));

  app.get<NoParams>('/_control/orders/:outTradeNo', async (req, reply) => {
    const order = sb.orders.get(req.params.outTradeNo);
    return order ? sb.view(order, baseUrl(req)) : reply.code(404).send({ code: 'ORDER_NOT_EXIST', message: 'no such order' });
  });

  // For a UI that only holds the code_url or prepay id: where a person can "scan and pay".
  app.get<{ Querystring: { out_trade_no?: string; code_url?: string; prepay_id?: string } }>('/_control/cashier-url', async (req, reply) => {
    const order = sb.lookup(req.query);
    if (!order) return reply.code(404).send({ code: 'ORDER_NOT_EXIST', message: 'no order for that code' });
    const view = sb.view(order, baseUrl(req));
    return { outTradeNo: view.outTradeNo, cashierUrl: view.cashierUrl };
  });

  app.post<NoParams>('/_control/orders/:outTradeNo/pay', async (req, reply) => {
    const body = jsonBody(req);
    return answer(req, reply, sb.pay(req.params.outTradeNo, { openid: typeof body.openid === 'string' ? body.openid : undefined, faults: body.faults }));
  });
  app.post<NoParams>('/_control/orders/:outTradeNo/close', async (req, reply) => answer(req, reply, sb.orders.close(req.params.outTradeNo, 'control')));
  app.post<NoParams>('/_control/orders/:outTradeNo/expire', async (req, reply) => answer(req, reply, sb.orders.expire(req.params.outTradeNo)));

  app.get('/_control/refunds', async () => ({
    setup: sb.setup.setup,
    refunds: sb.refunds
      .all()
      .map((r) => ({ outRefundNo: r.outRefundNo, outTradeNo: r.order.outTradeNo, refund: r.refund, total: r.total, currency: r.currency, status: r.status })),
  }));
  /** Ends a PROCESSING refund now (its REFUND.SUCCESS callback goes out) instead of after refundProcessingMs. */
  app.post<{ Params: { outRefundNo: string } }>('/_control/refunds/:outRefundNo/succeed', async (req, reply) => {
    const refund = sb.refunds.get(req.params.outRefundNo);
    if (!refund) return reply.code(404).send({ code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
    return { changed: sb.finishRefund(refund, parseFaults(jsonBody(req).faults)), status: refund.status };
  });
  app.post('/_control/refund-faults', async (req) => (sb.defaultRefundFaults = parseFaults(jsonBody(req))));
  app.get('/_control/faults', async () => sb.defaultFaults);
  app.put('/_control/faults', async (req) => (sb.defaultFaults = parseFaults(jsonBody(req))));
  app.post('/_control/faults', async (req) => (sb.defaultFaults = parseFaults(jsonBody(req))));
  app.delete('/_control/faults', async () => (sb.defaultFaults = {}));

  app.get('/_control/signing-mode', async () => ({ mode: sb.signingKeyMode }));
  app.post('/_control/signing-mode', async (req, reply) => {
    const mode = jsonBody(req).mode as SigningKeyMode;
    if (!MODES.includes(mode)) return reply.code(400).send({ code: 'PARAM_ERROR', message: `mode must be one of ${MODES.join(', ')}` });
    sb.signingKeyMode = mode;
    return { mode };
  });

  app.get<{ Querystring: { out_trade_no?: string; event_id?: string } }>('/_control/deliveries', async (req) => {
    const { out_trade_no, event_id } = req.query;
    const deliveries = sb.notifier.log.filter((d) => (!out_trade_no || d.outTradeNo === out_trade_no) && (!event_id || d.eventId === event_id));
    return { deliveries, held: sb.notifier.heldCount(), ...(out_trade_no ? { scheduled: sb.notifier.scheduledFor(out_trade_no) } : {}) };
  });
  app.post('/_control/deliveries/release-held', async () => ({ released: sb.notifier.releaseHeld() }));

  // The provider's clock and the per-trade bill faults (see ../bills).
  registerClockRoutes(app, sb.clock, jsonBody);
  registerBillFaultRoutes(app, sb.billFaults, jsonBody, { corrupt: true });

  app.post('/_control/reset', async () => {
    sb.orders.clear();
    sb.billFaults.clear();
    sb.notifier.log.length = 0;
    sb.defaultFaults = {};
    return { ok: true };
  });
}

const errorBody = (e: ApiError) => ({ code: e.code, message: e.message });
