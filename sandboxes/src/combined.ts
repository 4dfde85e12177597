import Fastify, { type FastifyInstance } from 'fastify';
import getPort from 'get-port';
import { generateAlipayCredentials, type AlipayAdapterConfig } from '@shop/payments/alipay/index';
import type { PaypalConfig } from '@shop/payments/paypal/index';
import { adapterConfigFromCredentials, generateWechatCredentials, type WechatPayConfig } from '@shop/payments/wechat/index';
import { alipaySandbox } from './alipay/index.js';
import { generatePaypalSandboxCredentials, paypalAdapterConfigForSandbox, paypalSandbox } from './paypal/index.js';
import { wechatSandbox } from './wechat/index.js';

/** What the app needs to talk to the sandboxes: the same shape as PAYMENTS_CONFIG_FILE. */
export interface SandboxAdapterConfigs {
  wechat: WechatPayConfig;
  alipay: AlipayAdapterConfig;
  paypal: PaypalConfig;
}

export interface RunningSandboxes {
  app: FastifyInstance;
  url: string;
  adapters: SandboxAdapterConfigs;
  close: () => Promise<void>;
}

/**
 * All three provider sandboxes in one process, under /wechat, /alipay and /paypal, with freshly
 * generated keys on both sides. `appUrl` is where the shop's gateway listens (PayPal webhooks
 * go to a fixed URL there; WeChat and Alipay use the notify_url of each request).
 */
export async function startSandboxes(opts: { appUrl: string; port?: number; host?: string; timeScale?: number }): Promise<RunningSandboxes> {
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port || (await getPort({ host }));
  const url = `http://${host}:${port}`;
  const [wechatCreds, paypalCreds] = await Promise.all([generateWechatCredentials(), generatePaypalSandboxCredentials()]);
  const alipayCreds = generateAlipayCredentials();
  const timeScale = opts.timeScale ?? 1;

  const app = Fastify({ logger: false });
  // The shop charges EUR; a cross-border merchant account is assumed to accept it.
  await app.register(wechatSandbox({ credentials: wechatCreds, publicBaseUrl: `${url}/wechat`, timeScale, currencies: ['CNY', 'EUR'] }), { prefix: '/wechat' });
  await app.register(
    alipaySandbox({ publicBaseUrl: `${url}/alipay`, appId: alipayCreds.appId, appPublicKey: alipayCreds.appPublicKey, alipayPrivateKey: alipayCreds.alipayPrivateKey, sellerId: alipayCreds.sellerId, sellerEmail: alipayCreds.sellerEmail, timeScale }),
    { prefix: '/alipay' },
  );
  await app.register(paypalSandbox({ publicBaseUrl: `${url}/paypal`, credentials: paypalCreds, webhookUrl: `${opts.appUrl}/api/pay/notify/paypal`, timeScale }), { prefix: '/paypal' });
  app.get('/', async (_req, reply) =>
    reply.type('text/html').send(`<h1>Payment sandboxes</h1><ul><li><a href="/wechat/_control/orders">WeChat Pay orders</a></li><li><a href="/paypal/_control/orders">PayPal orders</a></li><li>Alipay: trades appear when a cashier is opened</li></ul>`),
  );
  await app.listen({ port, host });

  return {
    app,
    url,
    adapters: {
      wechat: adapterConfigFromCredentials(wechatCreds, `${url}/wechat`),
      alipay: { appId: alipayCreds.appId, appPrivateKey: alipayCreds.appPrivateKey, alipayPublicKey: alipayCreds.alipayPublicKey, sellerId: alipayCreds.sellerId, gatewayUrl: `${url}/alipay/gateway.do` },
      paypal: paypalAdapterConfigForSandbox(`${url}/paypal`, paypalCreds),
    },
    close: () => app.close(),
  };
}
