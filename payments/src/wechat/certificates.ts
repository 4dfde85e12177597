// GET /v3/certificates: the platform certificates, each encrypted with the APIv3 key.
// Like the official downloaders, the answer is verified with the certificates it carries
// (plus those already trusted), since a first download has nothing else to check against.
import { X509Certificate } from 'node:crypto';
import { ProviderError } from '../provider.js';
import { aeadDecrypt } from './aead.js';
import { WechatHttpClient } from './http-client.js';
import { VerificationFailure, WechatpayVerifier } from './verifier.js';
import type { CertificateEntry } from './wire.js';

export interface DownloadedCertificate {
  serialNo: string;
  pem: string;
  effectiveTime: string;
  expireTime: string;
}

export async function downloadPlatformCertificates(
  client: WechatHttpClient,
  apiV3Key: string,
  trusted: WechatpayVerifier,
  path = '/v3/certificates',
): Promise<DownloadedCertificate[]> {
  const res = await client.request('GET', path, undefined, { verify: false });
  if (res.status !== 200) throw WechatHttpClient.errorOf(res);
  const entries = ((res.body as { data?: CertificateEntry[] }).data ?? []) as CertificateEntry[];
  const certs: DownloadedCertificate[] = [];
  for (const e of entries) {
    const c = e.encrypt_certificate;
    let pem: string;
    try {
      pem = aeadDecrypt(apiV3Key, c.nonce, c.associated_data ?? '', c.ciphertext);
      // The serial must be the certificate's own, or a forged entry could shadow a real one.
      if (new X509Certificate(pem).serialNumber.toUpperCase() !== e.serial_no.toUpperCase()) throw new Error('serial mismatch');
    } catch (err) {
      throw new ProviderError('wechat', 'BAD_CERTIFICATE', `platform certificate ${e.serial_no}: ${(err as Error).message}`, false);
    }
    certs.push({ serialNo: e.serial_no, pem, effectiveTime: e.effective_time, expireTime: e.expire_time });
  }
  const check = new WechatpayVerifier();
  for (const cert of certs) check.addPlatformCertificate(cert.serialNo, cert.pem);
  const serial = res.headers['wechatpay-serial'] ?? '';
  try {
    if (check.hasSerial(serial)) check.verify(res.headers, res.rawBody);
    else trusted.verify(res.headers, res.rawBody);
  } catch (err) {
    if (!(err instanceof VerificationFailure)) throw err;
    throw new ProviderError('wechat', 'RESPONSE_SIGNATURE', `unauthentic certificate list (${err.reason})`, false, res.status);
  }
  return certs;
}
