import fp from 'fastify-plugin';
import { providersFromConfig, readPaymentsConfig, type ProviderRegistry } from '@shop/payments/registry';

declare module 'fastify' {
  interface FastifyInstance {
    providers: ProviderRegistry;
  }
}

export interface PaymentsPluginOptions {
  providers?: ProviderRegistry;
}

export default fp<PaymentsPluginOptions>(
  async (app, opts) => {
    app.decorate('providers', opts.providers ?? providersFromConfig(readPaymentsConfig(app.config.paymentsConfigFile)));
  },
  { name: 'payments' },
);
