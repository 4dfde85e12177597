// A sandbox on its own HTTP server, for tests and local experiments (the dev stack mounts the
// plugin into its combined server instead).
import Fastify, { type FastifyInstance } from 'fastify';
import getPort from 'get-port';
import { generateAlipayCredentials, type AlipayCredentials } from '@shop/payments/alipay/keys';
import { alipaySandbox, type AlipaySandbox } from './index.js';
import type { AlipaySandboxOptions } from './options.js';

export interface StandaloneAlipaySandbox {
  app: FastifyInstance;
  sandbox: AlipaySandbox;
  credentials: AlipayCredentials;
  /** Public base URL with the prefix, e.g. http://127.0.0.1:43210/alipay. */
  baseUrl: string;
  gatewayUrl: string;
  close(): Promise<void>;
}

export async function startAlipaySandboxServer(
  opts: Partial<Omit<AlipaySandboxOptions, 'publicBaseUrl'>> & { prefix?: string; host?: string; credentials?: AlipayCredentials } = {},
): Promise<StandaloneAlipaySandbox> {
  const host = opts.host ?? '127.0.0.1';
  const prefix = opts.prefix ?? '/alipay';
  const credentials = opts.credentials ?? generateAlipayCredentials();
  // The base URL must be known before the plugin is built, so the port is picked first.
  const port = await getPort({ host });
  const baseUrl = `http://${host}:${port}${prefix}`;
  const sandbox = alipaySandbox({ ...credentials, ...opts, publicBaseUrl: baseUrl });
  const app = Fastify({ logger: false });
  await app.register(sandbox, { prefix });
  await app.listen({ host, port });
  return { app, sandbox, credentials, baseUrl, gatewayUrl: sandbox.gatewayUrl, close: () => app.close() };
}
