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
    const file = app.config.paymentsConfigFile;
    // A setup that cannot take a real payment stops a production start here (see setup/validate.ts).
    app.decorate(
      'providers',
      opts.providers ??
        providersFromConfig(readPaymentsConfig(file), {
          file,
          check: { production: app.config.env === 'production', publicUrl: app.config.publicUrl, loopbackHttp: app.config.paymentsLoopbackHttp },
        }),
    );
  },
  { name: 'payments' },
);
