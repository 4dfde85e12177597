// Runs the sandbox on its own Fastify server (tests, or a quick local run); the combined dev
// sandbox mounts wechatSandbox() itself instead.
import Fastify, { type FastifyInstance } from 'fastify';
import { generateWechatCredentials, type WechatCredentials } from '@shop/payments/wechat/credentials';
import { wechatSandbox } from './plugin.js';
import type { WechatSandboxOptions } from './options.js';
import type { WechatSandbox } from './sandbox.js';

export interface StandaloneWechatSandbox {
  /** Absolute URL including the prefix: the adapter's baseUrl. */
  baseUrl: string;
  credentials: WechatCredentials;
  sandbox: WechatSandbox;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startWechatSandbox(
  opts: Partial<WechatSandboxOptions> & { prefix?: string; host?: string; port?: number } = {},
): Promise<StandaloneWechatSandbox> {
  const { prefix = '/wechat', host = '127.0.0.1', port = 0, ...rest } = opts;
  const credentials = rest.credentials ?? (await generateWechatCredentials());
  let baseUrl = '';
  const plugin = wechatSandbox({ ...rest, credentials, publicBaseUrl: rest.publicBaseUrl ?? (() => baseUrl) });
  const app = Fastify({ logger: false });
  await app.register(plugin, { prefix });
  const address = await app.listen({ host, port });
  baseUrl = `${address}${prefix}`;
  return { baseUrl, credentials, sandbox: plugin.sandbox, app, close: () => app.close() };
}
