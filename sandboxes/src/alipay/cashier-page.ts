// The fake cashier a person can click through, plus the plain result and error pages.
import { escapeHtml } from '@shop/payments/alipay/html';
import type { GatewayFailure } from './gateway-request.js';
import type { PageRequest, SandboxTrade } from './trades.js';

function layout(title: string, inner: string): string {
  return `<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0}main{max-width:440px;margin:48px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:18px;color:#1677ff}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#666}.amount{font-size:28px;font-weight:600}
form{display:inline}button{margin:8px 8px 0 0;padding:8px 16px;border-radius:4px;border:1px solid #1677ff;background:#fff;cursor:pointer}
button.pay{background:#1677ff;color:#fff}.note{color:#888;font-size:12px}</style></head><body><main>${inner}</main></body></html>`;
}

/** The cashier: Pay, Cancel, or "scan but abandon" (the trade exists with a buyer, then nothing). */
export function cashierPage(base: string, page: PageRequest, trade: SandboxTrade | undefined): string {
  const action = (what: string) => `${base}/cashier/${page.token}/${what}`;
  const currency = 'CNY';
  return layout(
    '支付宝收银台 Alipay cashier (sandbox)',
    `<h1>支付宝 · 收银台 <small>Alipay cashier (sandbox)</small></h1>
<p class="amount" data-amount="${escapeHtml(page.totalAmount)}">${escapeHtml(currency)} ${escapeHtml(page.totalAmount)}</p>
<dl><dt>商品 Subject</dt><dd>${escapeHtml(page.subject)}</dd>
<dt>商户订单号 Order</dt><dd data-out-trade-no>${escapeHtml(page.outTradeNo)}</dd>
<dt>交易号 Trade</dt><dd>${trade ? escapeHtml(`${trade.tradeNo} (${trade.status})`) : '— (not created yet)'}</dd></dl>
<form method="post" action="${escapeHtml(action('pay'))}"><button class="pay" type="submit" name="action" value="pay">确认付款 Pay</button></form>
<form method="post" action="${escapeHtml(action('cancel'))}"><button type="submit" name="action" value="cancel">取消 Cancel</button></form>
<form method="post" action="${escapeHtml(action('abandon'))}"><button type="submit" name="action" value="abandon">扫码后放弃 Scan but abandon</button></form>
<p class="note">Sandbox: nothing here moves real money.</p>`,
  );
}

export function messagePage(title: string, text: string, link?: { href: string; label: string }): string {
  const a = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${a}`);
}

/** Alipay shows request errors as a page in the buyer's browser, with the sub code. */
export function errorPage(failure: GatewayFailure): string {
  return layout(
    '支付宝 - 错误 Error',
    `<h1>抱歉，出错了 Something went wrong</h1><p>错误代码 <code data-sub-code>${escapeHtml(failure.sub_code)}</code></p>
<p>${escapeHtml(failure.sub_msg)}</p><p class="note">${escapeHtml(`${failure.code} ${failure.msg}`)}</p>`,
  );
}
