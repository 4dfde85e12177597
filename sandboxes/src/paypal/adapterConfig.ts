import type { PaypalConfig } from '@shop/payments/paypal/config';
import type { PaypalSandboxCredentials } from './options.js';

/**
 * The adapter config that talks to a sandbox at `sandboxUrl` (its publicBaseUrl): same
 * credentials, and the sandbox's own host admitted for PAYPAL-CERT-URL (http allowed only
 * when the sandbox itself is served over http).
 */
export function paypalAdapterConfigForSandbox(sandboxUrl: string, credentials: PaypalSandboxCredentials): PaypalConfig {
  const url = new URL(sandboxUrl);
  return {
    baseUrl: sandboxUrl,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    webhookId: credentials.webhookId,
    merchantId: credentials.merchantId,
    certUrlAllowedHosts: [url.hostname],
    allowHttpCertUrl: url.protocol === 'http:',
  };
}
