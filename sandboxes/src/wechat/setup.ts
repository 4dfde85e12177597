// The sandbox's merchant product, resolved once: which API family it serves, which currencies,
// and the overseas payer conversion. Never more permissive than the product it stands for.
import { randomBytes } from 'node:crypto';
import type { WechatSandboxOptions } from './options.js';

export interface SandboxSetup {
  setup: 'domestic' | 'overseas';
  mode: 'common' | 'institutional';
  subMchid?: string;
  subAppid?: string;
  /** Set whenever subAppid is. */
  subAppSecret?: string;
  currencies: string[];
  merchantCategoryCodes: string[];
  payerRate: string;
  transactionIdKey: 'id' | 'transaction_id';
  refundProcessingMs: number;
}

export function resolveSetup(o: WechatSandboxOptions): SandboxSetup {
  const setup = o.setup ?? 'domestic';
  const mode = o.mode ?? 'common';
  if (setup === 'domestic') {
    if (o.currencies && o.currencies.some((c) => c !== 'CNY')) throw new Error('a domestic WeChat Pay merchant takes CNY only');
    if (mode !== 'common') throw new Error('institutional mode is an overseas (WeChat Pay Global) setup');
  }
  if (mode === 'institutional' && !o.subMchid) throw new Error('institutional mode needs subMchid');
  return {
    setup,
    mode,
    ...(o.subMchid ? { subMchid: o.subMchid } : {}),
    ...(o.subAppid ? { subAppid: o.subAppid, subAppSecret: o.subAppSecret ?? randomBytes(16).toString('hex') } : {}),
    currencies: setup === 'domestic' ? ['CNY'] : (o.currencies ?? ['EUR']),
    merchantCategoryCodes: o.merchantCategoryCodes ?? ['5942'],
    payerRate: o.payerRate ?? '7.7812',
    transactionIdKey: o.transactionIdKey ?? 'id',
    refundProcessingMs: o.refundProcessingMs ?? 60_000,
  };
}
