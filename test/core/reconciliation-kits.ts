// One provider setup as the reconciliation tests drive it: its adapter, its sandbox, and the
// sandbox's controls (the buyer paying, the provider's clock, the per-trade bill faults) behind
// one shape, so the same day can be walked at every provider.
import type { Charge, PaymentProvider, ProviderName } from '@shop/payments';
import { WechatPayAdapter, adapterConfigFromCredentials, generateWechatCredentials } from '@shop/payments/wechat/index';
import { BillSandboxControl } from '@shop/sandboxes/bills/index';
import { startWechatSandbox } from '@shop/sandboxes/wechat/index';

export interface BillKit {
  label: string;
  provider: ProviderName;
  adapter: PaymentProvider;
  /** The attempt's method and what it charges for a 75.00 EUR book. */
  method: 'native' | 'page' | 'redirect';
  charge: Charge;
  /** The buyer pays the attempt at the provider; its notification never reaches the shop. */
  pay(outTradeNo: string): Promise<void>;
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
    pay: (no) => post(`${sandbox.baseUrl}/_control/orders/${no}/pay`, { faults: { drop: true } }),
    setClock: async (at) => void (await control.setClock(at)),
    alterAmount: async (no, by) => void (await control.setBillFaults(no, { alterAmountMinor: by })),
    unknownRefund: async (no, amountMinor) => void (await control.setBillFaults(no, { unknownRefundMinor: amountMinor })),
    omit: async (no) => void (await control.setBillFaults(no, { omit: true })),
    corrupt: async (no) => void (await control.setBillFaults(no, { corrupt: true })),
    clearFaults: async () => void (await control.clearBillFaults()),
    close: () => sandbox.close(),
  };
}
