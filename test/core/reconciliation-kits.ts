// One provider setup as the reconciliation tests drive it: its adapter, its sandbox, and the
// sandbox's controls (the buyer paying, the provider's clock, the per-trade bill faults) behind
// one shape, so the same day can be walked at every provider.
import type { Charge, PaymentProvider, ProviderName } from '@shop/payments';
import { WechatPayAdapter, adapterConfigFromCredentials, generateWechatCredentials } from '@shop/payments/wechat/index';
import { BillSandboxControl } from '@shop/sandboxes/bills/index';
import { startWechatSandbox } from '@shop/sandboxes/wechat/index';
import { PaypalAdapter } from '@shop/payments/paypal/index';
import { AlipayAdapter } from '@shop/payments/alipay/index';
import { paypalAdapterConfigForSandbox, startPaypalSandboxServer } from '@shop/sandboxes/paypal/index';
import { AlipaySandboxControl, parseHtmlForm, startAlipaySandboxServer, submitHtmlForm } from '@shop/sandboxes/alipay/index';
import { ForexSandboxControl } from '@shop/sandboxes/alipay-forex/index';
import { startSandboxes } from '@shop/sandboxes/combined';
import { AlipayForexAdapter } from '@shop/payments/alipay/forex/index';

/** What the kit needs of an attempt to pay it at the provider. */
export interface PaidAttempt {
  out_trade_no: string;
  provider_ref: string | null;
  next_action: unknown;
}

export interface BillKit {
  label: string;
  provider: ProviderName;
  adapter: PaymentProvider;
  /** The attempt's method and what it charges for a 75.00 EUR book. */
  method: 'native' | 'page' | 'redirect';
  charge: Charge;
  /** The buyer pays the attempt at the provider; its notification never reaches the shop. */
  pay(attempt: PaidAttempt): Promise<void>;
  /** The provider's clock (the bill's day and its publication follow it). */
  setClock(at: Date): Promise<void>;
  alterAmount(outTradeNo: string, byMinor: number): Promise<void>;
  unknownRefund(outTradeNo: string, amountMinor: number): Promise<void>;
  omit(outTradeNo: string): Promise<void>;
  /** The bill no longer matches its checksum; null where the provider publishes none. */
  corrupt: ((outTradeNo: string) => Promise<void>) | null;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

async function post(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
}

/** The clock and bill faults of the sandboxes that share one fault shape (WeChat Pay, PayPal). */
function billFaultControls(control: BillSandboxControl, opts: { corrupt: boolean }) {
  return {
    setClock: async (at: Date) => void (await control.setClock(at)),
    alterAmount: async (no: string, by: number) => void (await control.setBillFaults(no, { alterAmountMinor: by })),
    unknownRefund: async (no: string, amountMinor: number) => void (await control.setBillFaults(no, { unknownRefundMinor: amountMinor })),
    omit: async (no: string) => void (await control.setBillFaults(no, { omit: true })),
    corrupt: opts.corrupt ? async (no: string) => void (await control.setBillFaults(no, { corrupt: true })) : null,
    clearFaults: async () => void (await control.clearBillFaults()),
  };
}

export async function wechatKit(setup: 'domestic' | 'overseas'): Promise<BillKit> {
  const credentials = await generateWechatCredentials();
  const overseas = setup === 'overseas';
  const sandbox = await startWechatSandbox({
    credentials,
    prefix: '/wechat',
    timeScale: 0.0001,
    refundProcessingMs: 1e12,
    ...(overseas ? { setup: 'overseas' as const, merchantCategoryCodes: ['5942'] } : {}),
  });
  const control = new BillSandboxControl(sandbox.baseUrl);
  const adapter = new WechatPayAdapter({
    ...adapterConfigFromCredentials(credentials, sandbox.baseUrl),
    ...(overseas ? { setup: 'overseas', merchantCategoryCode: '5942' } : {}),
  });
  return {
    label: overseas ? 'WeChat Pay Global' : 'WeChat Pay domestic',
    provider: 'wechat',
    adapter,
    method: 'native',
    charge: overseas ? { amountMinor: 7500, currency: 'EUR' } : { amountMinor: 58359, currency: 'CNY' },
    pay: (a) => post(`${sandbox.baseUrl}/_control/orders/${a.out_trade_no}/pay`, { faults: { drop: true } }),
    ...billFaultControls(control, { corrupt: true }),
    close: () => sandbox.close(),
  };
}

export async function paypalKit(): Promise<BillKit> {
  const sandbox = await startPaypalSandboxServer({ timeScale: 0.001 });
  const control = new BillSandboxControl(sandbox.url);
  const adapter = new PaypalAdapter({
    ...paypalAdapterConfigForSandbox(sandbox.url, sandbox.credentials),
    reportingTimeZone: 'Europe/Berlin',
    now: () => sandbox.engine.clock.now(),
  });
  return {
    label: 'PayPal',
    provider: 'paypal',
    adapter,
    method: 'redirect',
    charge: { amountMinor: 7500, currency: 'EUR' },
    // The buyer approves; the capture is the shop's, whose answer never reached it.
    pay: async (a) => {
      sandbox.engine.approve(a.provider_ref!);
      const s = await adapter.capture!(a.out_trade_no, a.provider_ref!);
      if (s.state !== 'succeeded') throw new Error(`capture ${s.state}`);
    },
    ...billFaultControls(control, { corrupt: false }),
    close: () => sandbox.close(),
  };
}

/** Either Alipay sandbox's controls: the buyer paying at the cashier, the clock and the bill faults. */
type AlipayControls = AlipaySandboxControl | ForexSandboxControl;

function alipayKitOf(label: string, adapter: PaymentProvider, charge: Charge, control: AlipayControls, close: () => Promise<void>): BillKit {
  const ok = async (p: Promise<{ status: number; body: unknown }>) => {
    const r = await p;
    if (r.status !== 200) throw new Error(`${label} sandbox control: ${r.status} ${JSON.stringify(r.body)}`);
  };
  return {
    label,
    provider: 'alipay',
    adapter,
    method: 'page',
    charge,
    // The buyer opens the cashier from the form the shop handed out, and pays.
    pay: async (a) => {
      await submitHtmlForm(parseHtmlForm((a.next_action as { body: string }).body));
      await ok(control.pay(a.out_trade_no, { drop: true }));
    },
    setClock: (at) => ok(control.setClock(at)),
    alterAmount: (no, by) => ok(control.setBillFaults(no, { amountDeltaMinor: by })),
    unknownRefund: (no, amountMinor) => ok(control.setBillFaults(no, { unknownRefund: { amountMinor } })),
    omit: (no) => ok(control.setBillFaults(no, { omit: true })),
    corrupt: () => ok(control.corruptBills('summary')),
    clearFaults: async () => {
      await ok(control.corruptBills(null));
      await ok(control.clearBillFaults());
    },
    close,
  };
}

export async function alipayKit(): Promise<BillKit> {
  const sandbox = await startAlipaySandboxServer({ timeScale: 0.00001, prefix: '/pay/alipay' });
  const c = sandbox.credentials;
  const adapter = new AlipayAdapter({
    appId: c.appId,
    appPrivateKey: c.appPrivateKey,
    alipayPublicKey: c.alipayPublicKey,
    sellerId: c.sellerId,
    gatewayUrl: sandbox.gatewayUrl,
  });
  return alipayKitOf('Alipay domestic', adapter, { amountMinor: 58359, currency: 'CNY' }, new AlipaySandboxControl(sandbox.baseUrl), () => sandbox.close());
}

export async function alipayForexKit(): Promise<BillKit> {
  const sandboxes = await startSandboxes({ appUrl: 'http://127.0.0.1:9', timeScale: 0.0001, setups: { alipay: 'overseas' } });
  const config = sandboxes.adapters.alipay;
  if (config.setup !== 'overseas') throw new Error('the cross-border sandbox expected');
  const control = new ForexSandboxControl(`${sandboxes.url}/alipay`);
  return alipayKitOf('Alipay cross-border', new AlipayForexAdapter(config), { amountMinor: 7500, currency: 'EUR' }, control, () => sandboxes.close());
}
