// Refund numbers come from a business key, the attempt's out_trade_no, so asking twice for the
// refund of one attempt sends the provider the same number (every provider treats it as the
// idempotency key: out_refund_no, out_request_no / out_return_no, PayPal-Request-Id). Only after a
// refund failed for good does a retry get a new number (suffix -2, -3, …).
const MAX = 64;

export function refundNoFor(outTradeNo: string, tryNo: number): string {
  const base = `RF${outTradeNo}`;
  const suffix = tryNo > 1 ? `-${tryNo}` : '';
  return `${base.slice(0, MAX - suffix.length)}${suffix}`;
}
