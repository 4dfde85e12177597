// The Alipay sandbox as a Fastify plugin factory, mountable under any prefix:
//   const sandbox = alipaySandbox({ publicBaseUrl: 'http://127.0.0.1:4010/alipay', ...creds });
//   app.register(sandbox, { prefix: '/alipay' });  // gateway: <publicBaseUrl>/gateway.do
import type { FastifyPluginAsync } from 'fastify';
import { registerCashierRoutes } from './cashier-routes.js';
import { registerControlRoutes } from './control-routes.js';
import { registerGatewayRoutes } from './gateway-routes.js';
import { Notifier } from './notifier.js';
import { resolveOptions, type AlipaySandboxOptions } from './options.js';
import { TradeActions } from './trade-actions.js';
import { TradeBook } from './trades.js';

export type AlipaySandbox = FastifyPluginAsync & {
  /** `<publicBaseUrl>/gateway.do`, the adapter's `gatewayUrl`. */
  readonly gatewayUrl: string;
  /** In-process access to the same operations the control endpoints expose. */
  readonly actions: TradeActions;
  /** Stops every retry timer and in-flight notify (also run when the Fastify server closes). */
  close(): void;
};

const FORM = 'application/x-www-form-urlencoded';

export function alipaySandbox(options: AlipaySandboxOptions): AlipaySandbox {
  const o = resolveOptions(options);
  const book = new TradeBook(o.now);
  const notifier = new Notifier(o);
  const actions = new TradeActions(o, book, notifier);
  const reset = () => {
    notifier.reset();
    book.clear();
    actions.globalFaults = {};
  };

  const plugin: FastifyPluginAsync = async (app) => {
    // Signatures cover the decoded values, so the gateway reads the form text itself (and this
    // encapsulated parser does not clash with @fastify/formbody registered elsewhere).
    if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => done(null, body));
    registerGatewayRoutes(app, actions);
    registerCashierRoutes(app, actions);
    registerControlRoutes(app, actions, reset);
    app.addHook('onClose', async () => notifier.stop());
  };

  return Object.assign(plugin, { gatewayUrl: `${o.publicBaseUrl}/gateway.do`, actions, close: () => notifier.stop() });
}

export { ALIPAY_RETRY_SCHEDULE_MS, type AlipaySandboxOptions } from './options.js';
export type { NotifyFaults } from './faults.js';
export type { DeliveryRecord } from './notifier.js';
export type { SandboxTrade, PageRequest } from './trades.js';
export { TradeActions, SandboxError } from './trade-actions.js';
export { startAlipaySandboxServer, type StandaloneAlipaySandbox } from './standalone.js';
export { AlipaySandboxControl, type ControlAnswer } from './control-client.js';
export { parseHtmlForm, submitHtmlForm, cashierButtonUrl, clickCashierButton, type ParsedForm } from './buyer-browser.js';
export { startNotifyReceiver, type NotifyReceiver, type ReceivedNotify } from './notify-receiver.js';
