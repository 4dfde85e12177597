import { readFileSync } from 'node:fs';
import { BankTransferProvider, type PaymentProvider, type ProviderName } from './index.js';
import { AlipayAdapter, type AlipayAdapterConfig } from './alipay/index.js';
import { PaypalAdapter, type PaypalConfig } from './paypal/index.js';
import { WechatPayAdapter, type WechatPayConfig } from './wechat/index.js';

export type ProviderRegistry = Partial<Record<ProviderName, PaymentProvider>>;

/** The shape of PAYMENTS_CONFIG_FILE: one adapter config per enabled provider. */
export interface PaymentsConfigFile {
  wechat?: WechatPayConfig;
  alipay?: AlipayAdapterConfig;
  paypal?: PaypalConfig;
  /** Payee shown on the QR page and the offline notice. */
  payee?: string;
}

export function providersFromConfig(cfg: PaymentsConfigFile): ProviderRegistry {
  const registry: ProviderRegistry = { bank_transfer: new BankTransferProvider() };
  if (cfg.wechat) registry.wechat = new WechatPayAdapter(cfg.wechat);
  if (cfg.alipay) registry.alipay = new AlipayAdapter(cfg.alipay);
  if (cfg.paypal) registry.paypal = new PaypalAdapter(cfg.paypal);
  return registry;
}

export function readPaymentsConfig(file: string | undefined): PaymentsConfigFile {
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as PaymentsConfigFile) : {};
}
