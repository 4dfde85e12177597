import { X509Certificate, generateKeyPairSync, randomBytes } from 'node:crypto';
import { newCertId, newClientId, newMerchantId, newSecret, newWebhookId } from './ids.js';
import type { PaypalSandboxCredentials } from './options.js';

/**
 * A fresh, self-consistent set of sandbox credentials: OAuth client, webhook id, merchant, and a
 * self-signed certificate for webhook signatures. Node makes the RSA key (fast, native);
 * node-forge wraps it in an X.509 certificate, which Node's X509Certificate can read back.
 * node-forge is loaded lazily so importing the adapter never needs it.
 */
export async function generatePaypalSandboxCredentials(): Promise<PaypalSandboxCredentials> {
  const { default: forge } = await import('node-forge');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(privateKeyPem) as import('node-forge').pki.rsa.PrivateKey;

  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  // A positive serial: the high bit of the first byte must be clear.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 24 * 3600_000);
  cert.validity.notAfter = new Date(now + 365 * 24 * 3600_000);
  const name = [
    { name: 'commonName', value: 'messageverificationcerts.sandbox.local' },
    { name: 'organizationName', value: 'Local PayPal Sandbox' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true },
  ]);
  cert.sign(forgeKey, forge.md.sha256.create());
  const certificatePem = forge.pki.certificateToPem(cert);
  // Fail early if Node could not use what forge produced.
  new X509Certificate(certificatePem);

  const merchantId = newMerchantId();
  return {
    clientId: newClientId(),
    clientSecret: newSecret(),
    webhookId: newWebhookId(),
    merchantId,
    merchantEmail: `sb-${merchantId.toLowerCase()}@business.example.com`,
    certId: newCertId(),
    certificatePem,
    privateKeyPem,
  };
}
