import { X509Certificate, type KeyObject } from 'node:crypto';
import { NotificationRejected } from '../provider.js';
import type { ResolvedPaypalConfig } from './config.js';
import { providerErrorFromNetwork, providerErrorFromResponse } from './errors.js';

interface CachedCert {
  key: KeyObject;
  validToMs: number;
}

// Certificates are few (PayPal rotates them rarely); cap the cache so a stream of distinct
// allowed URLs cannot grow memory without bound.
const MAX_CACHED = 32;

/**
 * Fetches and caches the webhook signing certificates named by PAYPAL-CERT-URL. The URL comes
 * from the (untrusted) request, so it is pinned to an allow-list of hosts before anything is
 * fetched: otherwise anyone could sign a forged event with their own certificate.
 */
export class CertificateStore {
  private readonly cache = new Map<string, CachedCert>();
  private readonly inFlight = new Map<string, Promise<CachedCert>>();

  constructor(private readonly config: ResolvedPaypalConfig) {}

  /** Throws NotificationRejected when the URL is not allowed or the certificate unusable. */
  async publicKeyFor(certUrl: string): Promise<KeyObject> {
    const url = this.checkUrl(certUrl);
    const now = this.config.now();
    let cert = this.cache.get(url.href);
    if (!cert || cert.validToMs <= now) {
      let pending = this.inFlight.get(url.href);
      if (!pending) {
        pending = this.download(url).finally(() => this.inFlight.delete(url.href));
        this.inFlight.set(url.href, pending);
      }
      cert = await pending;
    }
    if (cert.validToMs <= now) throw new NotificationRejected('cert_expired', 'webhook signing certificate has expired');
    return cert.key;
  }

  private checkUrl(certUrl: string): URL {
    let url: URL;
    try {
      url = new URL(certUrl);
    } catch {
      throw new NotificationRejected('cert_url', 'PAYPAL-CERT-URL is not a URL');
    }
    const httpsOk = url.protocol === 'https:' || (this.config.allowHttpCertUrl && url.protocol === 'http:');
    if (!httpsOk) throw new NotificationRejected('cert_url', `PAYPAL-CERT-URL must use https, got ${url.protocol}`);
    if (url.username || url.password) throw new NotificationRejected('cert_url', 'PAYPAL-CERT-URL must not carry credentials');
    const host = url.hostname.toLowerCase();
    const allowed = this.config.certUrlAllowedHosts.some((entry) => {
      const e = entry.toLowerCase();
      return e.startsWith('.') ? host.endsWith(e) && host.length > e.length : host === e;
    });
    if (!allowed) throw new NotificationRejected('cert_url', `PAYPAL-CERT-URL host ${host} is not allowed`);
    return url;
  }

  private async download(url: URL): Promise<CachedCert> {
    let res: Response;
    try {
      // No redirects: a redirect could lead off the allowed hosts.
      res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (err) {
      throw providerErrorFromNetwork(err, 'PayPal webhook certificate');
    }
    const pem = await res.text();
    if (!res.ok) throw providerErrorFromResponse(res.status, undefined, 'PayPal webhook certificate');
    let x509: X509Certificate;
    try {
      // A chain may follow; the first certificate is the signer.
      x509 = new X509Certificate(pem);
    } catch {
      throw new NotificationRejected('cert_invalid', 'PAYPAL-CERT-URL did not serve an X.509 certificate');
    }
    const now = this.config.now();
    if (Date.parse(x509.validFrom) > now) throw new NotificationRejected('cert_invalid', 'webhook signing certificate is not valid yet');
    const cert = { key: x509.publicKey, validToMs: Date.parse(x509.validTo) };
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(url.href, cert);
    return cert;
  }
}
