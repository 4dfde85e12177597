// The cashier the buyer's browser reaches: the price in the settlement currency and in CNY, and
// the buyer's choices; every page is plain HTML, so a test browser and a human see the same.
import { centsToDecimal } from '@shop/payments';
import { escapeHtml } from '@shop/payments/alipay/html';
import type { ForexTrade } from './trades.js';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:sans-serif;max-width:560px;margin:2em auto">${body}</body></html>`;

export function cashierPage(base: string, trade: ForexTrade): string {
  const wap = trade.service === 'create_forex_trade_wap';
  return page(
    '支付宝 Alipay 收银台 (sandbox)',
    `<h1>支付宝 Alipay${wap ? ' (WAP)' : ''}</h1>` +
      `<p data-testid="alipay-subject">${escapeHtml(trade.subject)}</p>` +
      `<p>订单号 <span data-testid="alipay-out-trade-no">${escapeHtml(trade.outTradeNo)}</span></p>` +
      `<p>金额 <strong data-testid="alipay-forex-amount">${centsToDecimal(trade.forexCents)} ${escapeHtml(trade.currency)}</strong>` +
      ` ≈ <strong data-testid="alipay-cny-amount">¥${centsToDecimal(trade.cnyFen)}</strong></p>` +
      (trade.status === 'WAIT_BUYER_PAY'
        ? `<form method="post" action="${escapeHtml(base)}/cashier/${trade.token}/pay"><button class="pay" type="submit" name="action" value="pay" data-testid="alipay-pay">确认付款 Pay</button></form>` +
          `<form method="post" action="${escapeHtml(base)}/cashier/${trade.token}/cancel"><button type="submit" name="action" value="cancel" data-testid="alipay-cancel">取消 Cancel</button></form>`
        : `<p data-testid="alipay-state">${escapeHtml(trade.status)}</p>`),
  );
}

export function errorPage(code: string, message: string): string {
  return page('支付宝 Alipay', `<h1>错误 Error</h1><p data-testid="alipay-error">${escapeHtml(code)}</p><p>${escapeHtml(message)}</p>`);
}

/** After paying: back to the merchant's return_url, or a plain note when it has none. */
export function paidPage(trade: ForexTrade, returnTo: string | null): string {
  return returnTo
    ? page(
        '支付宝 Alipay',
        `<p data-testid="alipay-paid">付款成功 Paid</p><script>location.replace(${JSON.stringify(returnTo)})</script><a href="${escapeHtml(returnTo)}">返回商户 Back to the shop</a>`,
      )
    : page('支付宝 Alipay', `<p data-testid="alipay-paid">付款成功 Paid: ${escapeHtml(trade.outTradeNo)}</p>`);
}
