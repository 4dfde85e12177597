// One Alipay sandbox, an adapter configured for it and the merchant's notify receiver: the setup the
// Alipay adapter suites share. `accept` adds checks on top of the business checks every merchant
// makes (amount, app, seller).
import t from 'tap';
import { AlipayAdapter } from '../../payments/src/alipay/index.js';
import { AlipaySandboxControl, parseHtmlForm, startAlipaySandboxServer, startNotifyReceiver } from '@shop/sandboxes/alipay/index';
import type { VerifiedNotification } from '../../payments/src/provider.js';

export async function startAlipayBench(opts: { accept?: (n: VerifiedNotification) => boolean } = {}) {
  // 0.00001 makes Alipay's 25 h retry schedule take under a second.
  const sb = await startAlipaySandboxServer({ timeScale: 0.00001, prefix: '/pay/alipay' });
  t.teardown(() => sb.close());
  const creds = sb.credentials;
  const ctl = new AlipaySandboxControl(sb.baseUrl);
  const adapter = new AlipayAdapter({
    appId: creds.appId,
    appPrivateKey: creds.appPrivateKey,
    alipayPublicKey: creds.alipayPublicKey,
    sellerId: creds.sellerId,
    gatewayUrl: sb.gatewayUrl,
    timeoutMs: 5000,
  });

  const expectedAmount = new Map<string, number>();
  const receiver = await startNotifyReceiver(
    adapter,
    (n) =>
      (opts.accept?.(n) ?? true) &&
      n.amountCents === expectedAmount.get(n.outTradeNo) &&
      n.appId === adapter.identity.appId &&
      n.merchantId === adapter.identity.merchantId,
  );
  t.teardown(() => receiver.close());

  let seq = 0;
  /** A page-pay attempt the receiver expects `amountCents` for; answers its form (the return URL carries `order=<orderNo>`). */
  async function newAttempt(amountCents = 7500, currency = 'CNY') {
    const outTradeNo = `T${Date.now()}${++seq}`;
    const orderNo = `ORD-${seq}`;
    expectedAmount.set(outTradeNo, amountCents);
    const created = await adapter.createAttempt({
      outTradeNo,
      orderNo,
      description: 'ASPICE 4.0 PAM (中文版)',
      amountCents,
      currency,
      method: 'page',
      notifyUrl: receiver.notifyUrl,
      returnUrl: `${receiver.returnUrl}?order=${orderNo}`,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    if (created.nextAction.type !== 'form') throw new Error('expected a form');
    return { outTradeNo, orderNo, form: parseHtmlForm(created.nextAction.body), html: created.nextAction.body };
  }

  return {
    sb,
    creds,
    ctl,
    adapter,
    receiver,
    expectedAmount,
    newAttempt,
    deliveries: (outTradeNo: string) => ctl.deliveries({ outTradeNo }),
    forTrade: (outTradeNo: string) => receiver.received.filter((r) => r.rawBody.includes(outTradeNo)),
  };
}
