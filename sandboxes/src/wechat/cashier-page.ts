// The page a person sees after "scanning" a code_url or opening a JSAPI payment in the sandbox.
import type { OrderView } from './sandbox.js';

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const RESULT_TEXT: Record<string, string> = {
  paid: '支付成功 · Payment succeeded',
  cancelled: '已取消支付，订单仍可支付 · Payment cancelled; the order is still payable',
  abandoned: '已离开收银台 · You left the cashier without paying',
};

const STATE_TEXT: Record<string, string> = {
  NOTPAY: '待支付 · Awaiting payment',
  SUCCESS: '已支付 · Paid',
  CLOSED: '已关闭 · Closed',
};

export function cashierPage(order: OrderView, actionBase: string, result?: string, error?: string): string {
  const payable = order.state === 'NOTPAY' && !order.expired;
  const button = (action: string, label: string, style: string) =>
    `<form method="post" action="${esc(`${actionBase}/${action}`)}"><button type="submit" name="action" value="${action}" style="${style}">${label}</button></form>`;
  const notice = error ? `<p class="err">${esc(error)}</p>` : result && RESULT_TEXT[result] ? `<p class="ok">${esc(RESULT_TEXT[result])}</p>` : '';
  const state = order.state === 'NOTPAY' && order.expired ? '已过期 · Expired' : (STATE_TEXT[order.state] ?? order.state);
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>微信支付沙箱收银台 · WeChat Pay sandbox</title>
<style>
body{font-family:system-ui,sans-serif;background:#ededed;margin:0;padding:24px}
main{max-width:420px;margin:auto;background:#fff;border-radius:8px;padding:24px}
h1{font-size:18px;color:#07c160;margin:0 0 16px}.amount{font-size:32px;font-weight:600;margin:8px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:13px;color:#555}dd{margin:0;word-break:break-all}
form{display:inline-block;margin:8px 8px 0 0}button{font-size:15px;padding:10px 18px;border-radius:4px;border:0;cursor:pointer}
.ok{color:#07c160}.err{color:#d33}
</style></head><body><main>
<h1>微信支付 · WeChat Pay (sandbox)</h1>
<p>${esc(order.description)}</p>
<p class="amount" data-testid="amount">${order.currency === 'CNY' ? '¥' : `${esc(order.currency)} `}${esc(order.amount)}</p>
<p data-testid="state">${esc(state)}</p>
${notice}
<dl>
<dt>商户订单号</dt><dd>${esc(order.outTradeNo)}</dd>
<dt>交易类型</dt><dd>${esc(order.tradeType)}</dd>
${order.codeUrl ? `<dt>code_url</dt><dd>${esc(order.codeUrl)}</dd>` : ''}
${order.prepayId ? `<dt>prepay_id</dt><dd>${esc(order.prepayId)}</dd>` : ''}
${order.transactionId ? `<dt>微信支付订单号</dt><dd>${esc(order.transactionId)}</dd>` : ''}
<dt>有效期至</dt><dd>${esc(order.expiresAt)}</dd>
</dl>
${
  payable
    ? button('pay', '确认支付 · Pay', 'background:#07c160;color:#fff') +
      button('cancel', '取消 · Cancel', 'background:#f2f2f2') +
      button('abandon', '离开 · Abandon', 'background:#fff;border:1px solid #ccc')
    : ''
}
</main></body></html>`;
}
