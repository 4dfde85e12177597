// The Alipay sandbox as a Fastify plugin factory, mountable under any prefix:
//   const sandbox = alipaySandbox({ publicBaseUrl: 'http://127.0.0.1:4010/alipay', ...creds });
//   app.register(sandbox, { prefix: '/alipay' });  // gateway: <publicBaseUrl>/gateway.do
import type { FastifyPluginAsync } from 'fastify';
import { registerBillControlRoutes } from './bill-controls.js';
import { BillFaultBook } from './bill-faults.js';
import { registerCashierRoutes } from './cashier-routes.js';
import { registerControlRoutes } from './control-routes.js';
import { registerGatewayRoutes } from './gateway-routes.js';
import { Notifier } from './notifier.js';
import { resolveOptions, type AlipaySandboxOptions } from './options.js';
import { TradeActions } from './trade-actions.js';
import { TradeBook } from './trades.js';
import { TradeBillDesk } from './trade-bill.js';
import type { SandboxClock } from './clock.js';

export type AlipaySandbox = FastifyPluginAsync & {
  /** `<publicBaseUrl>/gateway.do`, the adapter's `gatewayUrl`. */
  readonly gatewayUrl: string;
  /** In-process access to the same operations the control endpoints expose. */
  readonly actions: TradeActions;
  /** The sandbox's clock (also under `_control/clock`). */
  readonly clock: SandboxClock;
  /** The trade bills and their fault switches (also under `_control/bill-faults`). */
  readonly bills: TradeBillDesk;
  /** Stops every retry timer and in-flight notify (also run when the Fastify server closes). */
  close(): void;
};

const FORM = 'application/x-www-form-urlencoded';

export function alipaySandbox(options: AlipaySandboxOptions): AlipaySandbox {
  const o = resolveOptions(options);
  const book = new TradeBook(o.now);
  const notifier = new Notifier(o);
  const actions = new TradeActions(o, book, notifier);
  const bills = new TradeBillDesk(o, book, new BillFaultBook());
  const reset = () => {
    notifier.reset();
    book.clear();
    actions.globalFaults = {};
    bills.faults.clear();
    bills.clear();
    o.clock.reset();
  };

  const plugin: FastifyPluginAsync = async (app) => {
    // Signatures cover the decoded values, so the gateway reads the form text itself (and this
    // encapsulated parser does not clash with @fastify/formbody registered elsewhere).
    if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => done(null, body));
    registerGatewayRoutes(app, actions, bills);
    registerCashierRoutes(app, actions);
    registerControlRoutes(app, actions, reset);
    registerBillControlRoutes(app, o.clock, bills.faults);
    app.addHook('onClose', async () => notifier.stop());
  };

  return Object.assign(plugin, { gatewayUrl: `${o.publicBaseUrl}/gateway.do`, actions, clock: o.clock, bills, close: () => notifier.stop() });
}

export { ALIPAY_RETRY_SCHEDULE_MS, type AlipaySandboxOptions } from './options.js';
export type { NotifyFaults } from './faults.js';
export { SandboxClock } from './clock.js';
export { BillFaultBook, type BillCorruption, type TradeBillFaults } from './bill-faults.js';
export { TradeBillDesk, BILL_LINK_TTL_MS } from './trade-bill.js';
export type { DeliveryRecord } from './notifier.js';
export type { SandboxTrade, PageRequest } from './trades.js';
export { TradeActions, SandboxError } from './trade-actions.js';
export { startAlipaySandboxServer, type StandaloneAlipaySandbox } from './standalone.js';
export { AlipayBillControl, AlipaySandboxControl, type BillFaultsInput, type ControlAnswer } from './control-client.js';
export { parseHtmlForm, submitHtmlForm, cashierButtonUrl, clickCashierButton, type ParsedForm } from './buyer-browser.js';
export { startNotifyReceiver, type NotifyReceiver, type ReceivedNotify } from './notify-receiver.js';
