// PayPal's official server SDK pointed at the local sandbox, for the suites that cross-check the
// adapter and the sandbox with it.
import { Client, Environment } from '@paypal/paypal-server-sdk';

/**
 * The SDK only knows PayPal's two environments. Its request builders accept interceptors, so
 * this client rewrites the Sandbox origin to the local sandbox for every call, OAuth included
 * (the token manager is built in the constructor, hence the override rather than a wrapper).
 */
export function localSandboxSdkClient(baseUrl: string, credentials: { clientId: string; clientSecret: string }): Client {
  const paypalOrigin = 'https://api-m.sandbox.paypal.com';
  class LocalSandboxClient extends Client {
    override getRequestBuilderFactory(): ReturnType<Client['getRequestBuilderFactory']> {
      const inner = super.getRequestBuilderFactory();
      return (method, path) => {
        const builder = inner(method, path);
        builder.interceptRequest((req) => ({ ...req, url: req.url.replace(paypalOrigin, baseUrl) }));
        return builder;
      };
    }
  }
  return new LocalSandboxClient({
    environment: Environment.Sandbox,
    timeout: 10_000,
    clientCredentialsAuthCredentials: { oAuthClientId: credentials.clientId, oAuthClientSecret: credentials.clientSecret },
  });
}
