// The WeChat Pay sandbox as a Fastify plugin, mountable under any prefix:
//   const wechat = wechatSandbox({ credentials, publicBaseUrl: 'http://127.0.0.1:4010/wechat' });
//   app.register(wechat, { prefix: '/wechat' });   // wechat.sandbox holds the state
// app.close() (or wechat.close()) stops every pending callback timer.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerApiRoutes } from './api-routes.js';
import { registerCashierRoutes } from './cashier-routes.js';
import { registerClientRoutes } from './client-routes.js';
import { registerControlRoutes } from './control-routes.js';
import { registerOAuthRoutes } from './oauth-routes.js';
import type { WechatSandboxOptions } from './options.js';
import { WechatSandbox } from './sandbox.js';

export type WechatSandboxPlugin = FastifyPluginAsync & {
  readonly sandbox: WechatSandbox;
  close(): Promise<void>;
};

export function wechatSandbox(options: WechatSandboxOptions): WechatSandboxPlugin {
  const sandbox = new WechatSandbox(options);
  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    // Signatures cover the exact bytes, so this (encapsulated) context keeps every body raw.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    const baseUrl = (req: FastifyRequest): string => {
      const configured = typeof options.publicBaseUrl === 'function' ? options.publicBaseUrl() : options.publicBaseUrl;
      return (configured ?? `${req.protocol}://${req.host}${app.prefix}`).replace(/\/+$/, '');
    };
    registerApiRoutes(app, sandbox, baseUrl);
    registerCashierRoutes(app, sandbox, baseUrl);
    registerControlRoutes(app, sandbox, baseUrl);
    registerClientRoutes(app, sandbox);
    registerOAuthRoutes(app, sandbox);
    app.addHook('onClose', async () => sandbox.close());
  };
  return Object.assign(plugin, { sandbox, close: async () => sandbox.close() });
}
