import { readFileSync } from 'node:fs';
import { BankTransferProvider, type ExchangeRate, type PaymentProvider, type ProviderName } from './index.js';
import { AlipayAdapter, type AlipayAdapterConfig } from './alipay/index.js';
import { AlipayForexAdapter, type AlipayForexConfig } from './alipay/forex/index.js';
import { PaypalAdapter, type PaypalConfig } from './paypal/index.js';
import { WechatPayAdapter, type WechatPayConfig } from './wechat/index.js';
import { fileRates, fixedRates, type RateSource } from './fx/rates.js';
import type { BankTransferDetails } from './setup/bank-details.js';
import { paymentSetupProblems, type SetupCheckContext } from './setup/validate.js';

export type ProviderRegistry = Partial<Record<ProviderName, PaymentProvider>>;

/** Alipay: the cross-border website payment (overseas, EUR) or the mainland product (domestic, CNY). */
export type AlipaySetupConfig = (AlipayForexConfig & { setup: 'overseas' }) | (AlipayAdapterConfig & { setup?: 'domestic' });

/** The shape of PAYMENTS_CONFIG_FILE: one merchant setup per enabled provider. */
export interface PaymentsConfigFile {
  /** `setup`: "overseas" (WeChat Pay Global, EUR) or "domestic" (CNY at the configured rate). */
  wechat?: WechatPayConfig;
  alipay?: AlipaySetupConfig;
  paypal?: PaypalConfig;
  /** Dated rates with their source; a domestic setup needs EUR→CNY. Read again when the file changes. */
  exchangeRates?: ExchangeRate[];
  /** The account bank-transfer buyers pay into. */
  bankTransfer?: BankTransferDetails;
  /** Payee shown on the QR page and the offline notice (defaults to bankTransfer.payee). */
  payee?: string;
}

export class PaymentSetupError extends Error {
  constructor(readonly problems: string[]) {
    super(`payments configuration refused:\n- ${problems.join('\n- ')}`);
    this.name = 'PaymentSetupError';
  }
}

export interface RegistryOptions {
  /** Validate as a start would; a production start refuses every problem. */
  check?: SetupCheckContext;
  /** The file the config came from: rates are re-read from it when an operator edits it. */
  file?: string;
}

export function providersFromConfig(cfg: PaymentsConfigFile, opts: RegistryOptions = {}): ProviderRegistry {
  if (opts.check) {
    const problems = paymentSetupProblems(cfg, opts.check);
    if (problems.length) throw new PaymentSetupError(problems);
  }
  const rates: RateSource = opts.file ? fileRates(opts.file, cfg.exchangeRates) : fixedRates(cfg.exchangeRates ?? []);
  const registry: ProviderRegistry = {};
  if (cfg.bankTransfer?.enabled !== false)
    registry.bank_transfer = new BankTransferProvider({ ...cfg.bankTransfer, payee: cfg.bankTransfer?.payee ?? cfg.payee });
  if (cfg.wechat) registry.wechat = new WechatPayAdapter(cfg.wechat, { rates });
  if (cfg.alipay) registry.alipay = cfg.alipay.setup === 'overseas' ? new AlipayForexAdapter(cfg.alipay) : new AlipayAdapter(cfg.alipay, { rates });
  if (cfg.paypal) registry.paypal = new PaypalAdapter(cfg.paypal);
  return registry;
}

export function readPaymentsConfig(file: string | undefined): PaymentsConfigFile {
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as PaymentsConfigFile) : {};
}
