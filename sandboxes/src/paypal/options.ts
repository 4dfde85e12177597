/** Everything the sandbox and the adapter must share; make one with generatePaypalSandboxCredentials(). */
export interface PaypalSandboxCredentials {
  clientId: string;
  clientSecret: string;
  /** The webhook subscription id; signatures bind to it. */
  webhookId: string;
  /** Payee merchant id reported on orders and captures. */
  merchantId: string;
  merchantEmail: string;
  /** Last path segment of the hosted certificate URL. */
  certId: string;
  /** Self-signed X.509 certificate (PEM) whose key signs webhook transmissions. */
  certificatePem: string;
  privateKeyPem: string;
}

export interface PaypalSandboxOptions {
  /** Absolute URL of the mount point, prefix included (e.g. http://127.0.0.1:4000/paypal). A function is read on each use, for servers that learn their port after listening. */
  publicBaseUrl: string | (() => string);
  credentials: PaypalSandboxCredentials;
  /** Where webhooks go; also settable with POST <prefix>/_control/webhook. */
  webhookUrl?: string;
  /** Multiplies the redelivery schedule: 0.001 makes PayPal's 3 days take about 4 minutes. Default 1. */
  timeScale?: number;
  /** Access token lifetime, seconds (PayPal: 32400). */
  tokenTtlSeconds?: number;
  /** How long one webhook POST may take before it counts as failed (default 10000 ms). */
  deliveryTimeoutMs?: number;
  /** How long after it happens Transaction Search lists a transaction (PayPal: up to 3 h; default 3 h). */
  reportingDelayMs?: number;
}
