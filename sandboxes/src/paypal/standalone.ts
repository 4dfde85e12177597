import Fastify from 'fastify';
import { generatePaypalSandboxCredentials } from './credentials.js';
import type { PaypalSandboxEngine } from './engine.js';
import { paypalSandbox } from './index.js';
import type { PaypalSandboxCredentials, PaypalSandboxOptions } from './options.js';

export interface StandalonePaypalSandboxOptions extends Omit<PaypalSandboxOptions, 'publicBaseUrl' | 'credentials'> {
  credentials?: PaypalSandboxCredentials;
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Mount point, e.g. "/paypal" (default). */
  prefix?: string;
}

export interface StandalonePaypalSandbox {
  /** publicBaseUrl: origin plus prefix; the adapter's baseUrl. */
  url: string;
  credentials: PaypalSandboxCredentials;
  engine: PaypalSandboxEngine;
  close(): Promise<void>;
}

/** The sandbox on its own HTTP server, for tests and for running it by hand. */
export async function startPaypalSandboxServer(opts: StandalonePaypalSandboxOptions = {}): Promise<StandalonePaypalSandbox> {
  const { host = '127.0.0.1', port = 0, prefix = '/paypal', credentials: given, ...rest } = opts;
  const credentials = given ?? (await generatePaypalSandboxCredentials());
  let url = '';
  const plugin = paypalSandbox({ ...rest, credentials, publicBaseUrl: () => url });
  const app = Fastify({ logger: false });
  await app.register(plugin, { prefix });
  const address = await app.listen({ host, port });
  url = `${address}${prefix}`;
  return { url, credentials, engine: plugin.engine, close: () => app.close() };
}
