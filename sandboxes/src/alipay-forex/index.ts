// Alipay's cross-border website payment (MAPI) as a Fastify plugin, mountable under any prefix:
// create_forex_trade / create_forex_trade_wap with a cashier, single_trade_query, forex_refund,
// notify_verify, and signed notifications resent until answered `success`.
import type { FastifyPluginAsync } from 'fastify';
import { ForexNotifier } from './notifier.js';
import { resolveForexOptions, type ForexSandboxOptions } from './options.js';
import { registerForexRoutes } from './routes.js';
import { ForexTrades } from './trades.js';
import { BillFaultBook } from '../alipay/bill-faults.js';
import type { SandboxClock } from '../alipay/clock.js';

export type AlipayForexSandbox = FastifyPluginAsync & {
  readonly gatewayUrl: string;
  readonly trades: ForexTrades;
  readonly notifier: ForexNotifier;
  /** The sandbox's clock (also under `_control/clock`). */
  readonly clock: SandboxClock;
  /** The transaction files' fault switches (also under `_control/bill-faults`). */
  readonly billFaults: BillFaultBook;
  close(): void;
};

const FORM = 'application/x-www-form-urlencoded';

export function alipayForexSandbox(options: ForexSandboxOptions): AlipayForexSandbox {
  const o = resolveForexOptions(options);
  const trades = new ForexTrades(o);
  const notifier = new ForexNotifier(o);
  const billFaults = new BillFaultBook();
  const plugin: FastifyPluginAsync = async (app) => {
    // Signatures cover the decoded values: read the form text as it came.
    if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => done(null, body));
    registerForexRoutes(app, o, trades, notifier, billFaults);
    app.addHook('onClose', async () => notifier.stop());
  };
  return Object.assign(plugin, { gatewayUrl: `${o.publicBaseUrl}/gateway.do`, trades, notifier, clock: o.clock, billFaults, close: () => notifier.stop() });
}

export { FOREX_RETRY_SCHEDULE_MS, type ForexSandboxOptions } from './options.js';
export type { ForexNotifyFaults, ForexDelivery } from './notifier.js';
export type { ForexTrade } from './trades.js';
export { ForexSandboxControl } from './control-client.js';
export { FOREX_FILE_HEADER } from './transaction-file.js';
