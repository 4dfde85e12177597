import type { FastifyInstance, FastifyReply } from 'fastify';
import { SandboxApiError } from './apiErrors.js';
import { ControlConflict, type PaypalSandboxEngine } from './engine.js';
import type { SandboxOrder } from './store.js';

const TEXT = {
  en: {
    title: 'PayPal (local sandbox)',
    payTo: 'Pay',
    total: 'Total',
    order: 'Order',
    pay: 'Pay now',
    cancel: 'Cancel and return',
    abandon: 'Close window',
    approved: 'You approved this payment. The merchant completes it.',
    notPayable: 'This order can no longer be paid',
    abandoned: 'Window closed. The order stays unpaid; the merchant is not told.',
    notFound: 'Unknown order',
    back: 'Return to merchant',
  },
  zh: {
    title: 'PayPal（本地沙箱）',
    payTo: '付款给',
    total: '合计',
    order: '订单',
    pay: '立即付款',
    cancel: '取消并返回商家',
    abandon: '关闭窗口',
    approved: '您已授权此付款，商家将完成收款。',
    notPayable: '此订单已无法支付',
    abandoned: '窗口已关闭。订单仍未支付，商家不会收到通知。',
    notFound: '订单不存在',
    back: '返回商家',
  },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function textFor(order?: SandboxOrder) {
  return order?.experience.locale?.toLowerCase().startsWith('zh') ? TEXT.zh : TEXT.en;
}

function page(reply: FastifyReply, status: number, title: string, body: string): string {
  reply.code(status).type('text/html; charset=utf-8');
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#142c8e}
.card{border:1px solid #ccd;border-radius:12px;padding:1.5rem}button{display:block;width:100%;margin:.5rem 0;padding:.8rem;border-radius:24px;border:0;font-size:1rem;cursor:pointer}
.pay{background:#ffc439;color:#111}.cancel{background:#eee}.abandon{background:none;text-decoration:underline}</style></head>
<body><div class="card"><h1>${esc(title)}</h1>${body}</div></body></html>`;
}

/** The buyer-facing approval page a create-order link points at: Pay, Cancel, or just leave. */
export function registerApprovalPage(app: FastifyInstance, engine: PaypalSandboxEngine): void {
  app.get<{ Querystring: { token?: string } }>('/checkoutnow', async (req, reply) => {
    const order = engine.store.orders.get(req.query.token ?? '');
    const t = textFor(order);
    if (!order) return page(reply, 404, t.notFound, '');
    const u = order.unit;
    const summary = `<p>${t.payTo} <b>${esc(order.experience.brand_name ?? u.payee.email_address ?? '')}</b></p>
<p>${t.order} ${esc(u.invoice_id ?? u.reference_id)}${u.description ? ` — ${esc(u.description)}` : ''}</p>
<p>${t.total}: <b data-amount>${esc(u.amount.value)} ${esc(u.amount.currency_code)}</b></p>`;
    if (order.status === 'APPROVED') {
      const back = engine.approve(order.id).redirectUrl;
      return page(reply, 200, t.title, `${summary}<p>${t.approved}</p>${back ? `<a href="${esc(back)}">${t.back}</a>` : ''}`);
    }
    if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') {
      return page(reply, 409, t.notPayable, `${summary}<p>${esc(order.status)}</p>`);
    }
    const action = (what: string) => `${engine.base}/checkoutnow/${order.id}/${what}`;
    return page(
      reply,
      200,
      t.title,
      `${summary}
<form method="post" action="${esc(action('pay'))}"><button class="pay" name="action" value="pay">${t.pay}</button></form>
<form method="post" action="${esc(action('cancel'))}"><button class="cancel" name="action" value="cancel">${t.cancel}</button></form>
<form method="post" action="${esc(action('abandon'))}"><button class="abandon" name="action" value="abandon">${t.abandon}</button></form>`,
    );
  });

  app.post<{ Params: { id: string } }>('/checkoutnow/:id/pay', async (req, reply) => {
    try {
      const { order, redirectUrl } = engine.approve(req.params.id);
      if (redirectUrl) return reply.redirect(redirectUrl, 303);
      return page(reply, 200, textFor(order).title, `<p>${textFor(order).approved}</p>`);
    } catch (err) {
      if (err instanceof ControlConflict) return page(reply, 409, TEXT.en.notPayable, `<p>${esc(err.message)}</p>`);
      if (err instanceof SandboxApiError) return page(reply, 404, TEXT.en.notFound, '');
      throw err;
    }
  });

  app.post<{ Params: { id: string } }>('/checkoutnow/:id/cancel', async (req, reply) => {
    const order = engine.store.orders.get(req.params.id);
    if (!order) return page(reply, 404, TEXT.en.notFound, '');
    const url = engine.cancelRedirect(order.id);
    return url ? reply.redirect(url, 303) : page(reply, 200, textFor(order).title, `<p>${textFor(order).abandoned}</p>`);
  });

  app.post<{ Params: { id: string } }>('/checkoutnow/:id/abandon', async (req, reply) => {
    const order = engine.store.orders.get(req.params.id);
    return page(reply, order ? 200 : 404, textFor(order).title, `<p>${textFor(order).abandoned}</p>`);
  });
}
