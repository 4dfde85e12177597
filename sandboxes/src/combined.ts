import Fastify, { type FastifyInstance } from 'fastify';
import getPort from 'get-port';
import { generateAlipayCredentials, type AlipayCredentials } from '@shop/payments/alipay/index';
import type { PaypalConfig } from '@shop/payments/paypal/index';
import type { AlipaySetupConfig } from '@shop/payments/registry';
import type { BankTransferDetails, ExchangeRate } from '@shop/payments';
import { adapterConfigFromCredentials, generateWechatCredentials, type WechatCredentials, type WechatPayConfig } from '@shop/payments/wechat/index';
import { alipaySandbox } from './alipay/index.js';
import { alipayForexSandbox } from './alipay-forex/index.js';
import { generatePaypalSandboxCredentials, paypalAdapterConfigForSandbox, paypalSandbox, type PaypalSandboxCredentials } from './paypal/index.js';
import { wechatSandbox } from './wechat/index.js';

/** What the app needs to talk to the sandboxes: the same shape as PAYMENTS_CONFIG_FILE. */
export interface SandboxAdapterConfigs {
  wechat: WechatPayConfig;
  alipay: AlipaySetupConfig;
  paypal: PaypalConfig;
  bankTransfer: BankTransferDetails;
  exchangeRates: ExchangeRate[];
}

export type MerchantSetup = 'overseas' | 'domestic';

/** The merchant product each sandbox stands for; the adapters get the matching setup. */
export interface SandboxSetups {
  wechat?: MerchantSetup;
  alipay?: MerchantSetup;
}

/**
 * The dev stack's bank account: made up for the sandbox (bank code 99999999 belongs to no bank, the
 * check digits are valid so the production validator accepts it) and named as such, so no buyer of
 * the dev stack can take it for a real account. A real shop puts its own into `bankTransfer`.
 */
export const SANDBOX_BANK_ACCOUNT: BankTransferDetails = {
  payee: 'Automotive Software Quality Standard Publications (sandbox)',
  payeeAddress: 'Sandbox Street 1, 10115 Berlin, Germany (not a real address)',
  bank: 'Sandbox Bank (not a real bank)',
  bankAddress: 'Sandbox Square 9, 60311 Frankfurt am Main, Germany (not a real bank)',
  charges: 'OUR',
  iban: 'DE97999999990000012345',
  bic: 'SBOXDEB1',
};
/** The dated EUR→CNY rate a domestic setup converts at in the dev stack and the tests. */
export const SANDBOX_EUR_CNY: ExchangeRate = { from: 'EUR', to: 'CNY', rate: '7.7812', source: 'Sandbox', date: '2026-11-23' };
const MCC = '5942';

/** Setups from SANDBOX_WECHAT_SETUP / SANDBOX_ALIPAY_SETUP; overseas (what an EU shop contracts) when unset. */
export function setupsFromEnv(env: Record<string, string | undefined>): Required<SandboxSetups> {
  const pick = (name: string): MerchantSetup => {
    const v = env[name] ?? 'overseas';
    if (v !== 'overseas' && v !== 'domestic') throw new Error(`${name} must be overseas or domestic, not ${v}`);
    return v;
  };
  return { wechat: pick('SANDBOX_WECHAT_SETUP'), alipay: pick('SANDBOX_ALIPAY_SETUP') };
}

/** The keys and ids of the three sandboxes, shared by each sandbox and the adapter that talks to it. */
export interface SandboxCredentials {
  wechat: WechatCredentials;
  alipay: AlipayCredentials;
  paypal: PaypalSandboxCredentials;
}

/** Fresh keys and ids for the three sandboxes (six RSA key pairs and three certificates). */
export async function generateSandboxCredentials(): Promise<SandboxCredentials> {
  const [wechat, paypal] = await Promise.all([generateWechatCredentials(), generatePaypalSandboxCredentials()]);
  return { wechat, alipay: generateAlipayCredentials(), paypal };
}

export interface RunningSandboxes {
  app: FastifyInstance;
  url: string;
  adapters: SandboxAdapterConfigs;
  close: () => Promise<void>;
}

/**
 * All three provider sandboxes in one process, under /wechat, /alipay and /paypal, with freshly
 * generated keys on both sides, or the `credentials` given (the tests start many sandboxes in one
 * process and generate one set for all of them). `appUrl` is where the shop's gateway listens
 * (PayPal webhooks go to a fixed URL there; WeChat and Alipay use the notify_url of each request).
 */
export async function startSandboxes(opts: {
  appUrl: string;
  port?: number;
  host?: string;
  timeScale?: number;
  setups?: SandboxSetups;
  credentials?: SandboxCredentials;
}): Promise<RunningSandboxes> {
  const wechatSetup = opts.setups?.wechat ?? 'overseas';
  const alipaySetup = opts.setups?.alipay ?? 'overseas';
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port || (await getPort({ host }));
  const url = `http://${host}:${port}`;
  const { wechat: wechatCreds, alipay: alipayCreds, paypal: paypalCreds } = opts.credentials ?? (await generateSandboxCredentials());
  const timeScale = opts.timeScale ?? 1;

  const app = Fastify({ logger: false });
  // Each sandbox is the product its setup names, with that product's rules: a domestic one takes
  // CNY only, an overseas one speaks WeChat Pay Global / Alipay's cross-border MAPI.
  const wechatOverseas = wechatSetup === 'overseas';
  await app.register(
    wechatSandbox({
      credentials: wechatCreds,
      publicBaseUrl: `${url}/wechat`,
      timeScale,
      setup: wechatSetup,
      oauthRedirectDomains: [new URL(opts.appUrl).host],
      ...(wechatOverseas ? { merchantCategoryCodes: [MCC], currencies: ['EUR'] } : {}),
    }),
    { prefix: '/wechat' },
  );
  if (alipaySetup === 'overseas') {
    await app.register(
      alipayForexSandbox({
        publicBaseUrl: `${url}/alipay`,
        partner: alipayCreds.sellerId,
        merchantPublicKey: alipayCreds.appPublicKey,
        alipayPrivateKey: alipayCreds.alipayPrivateKey,
        currency: 'EUR',
        timeScale,
      }),
      { prefix: '/alipay' },
    );
  } else {
    await app.register(
      alipaySandbox({
        publicBaseUrl: `${url}/alipay`,
        appId: alipayCreds.appId,
        appPublicKey: alipayCreds.appPublicKey,
        alipayPrivateKey: alipayCreds.alipayPrivateKey,
        sellerId: alipayCreds.sellerId,
        sellerEmail: alipayCreds.sellerEmail,
        timeScale,
      }),
      { prefix: '/alipay' },
    );
  }
  await app.register(
    paypalSandbox({ publicBaseUrl: `${url}/paypal`, credentials: paypalCreds, webhookUrl: `${opts.appUrl}/api/pay/notify/paypal`, timeScale }),
    { prefix: '/paypal' },
  );
  app.get('/', async (_req, reply) =>
    reply
      .type('text/html')
      .send(
        `<h1>Payment sandboxes</h1><p>WeChat Pay: ${wechatSetup}; Alipay: ${alipaySetup}</p><ul><li><a href="/wechat/_control/orders">WeChat Pay orders</a></li><li><a href="/paypal/_control/orders">PayPal orders</a></li><li>Alipay: trades appear when a cashier is opened${alipaySetup === 'overseas' ? ' (<a href="/alipay/_control/trades">trades</a>)' : ''}</li></ul>`,
      ),
  );
  await app.listen({ port, host });

  return {
    app,
    url,
    adapters: {
      wechat: {
        ...adapterConfigFromCredentials(wechatCreds, `${url}/wechat`),
        setup: wechatSetup,
        ...(wechatOverseas ? { mode: 'common' as const, merchantCategoryCode: MCC } : {}),
      },
      alipay:
        alipaySetup === 'overseas'
          ? {
              setup: 'overseas',
              partner: alipayCreds.sellerId,
              privateKey: alipayCreds.appPrivateKey,
              alipayPublicKey: alipayCreds.alipayPublicKey,
              currency: 'EUR',
              gatewayUrl: `${url}/alipay/gateway.do`,
            }
          : {
              setup: 'domestic',
              appId: alipayCreds.appId,
              appPrivateKey: alipayCreds.appPrivateKey,
              alipayPublicKey: alipayCreds.alipayPublicKey,
              sellerId: alipayCreds.sellerId,
              gatewayUrl: `${url}/alipay/gateway.do`,
            },
      paypal: paypalAdapterConfigForSandbox(`${url}/paypal`, paypalCreds),
      bankTransfer: SANDBOX_BANK_ACCOUNT,
      exchangeRates: [SANDBOX_EUR_CNY],
    },
    close: () => app.close(),
  };
}
