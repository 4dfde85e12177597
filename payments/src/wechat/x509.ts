// Minimal self-signed X.509 certificates for sandbox keys: WeChat identifies merchant and platform
// keys by certificate serial, and SDKs read that serial out of the certificate itself.
import { randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** 20 random bytes as upper-case hex (40 chars, like real WeChat serials); the first byte stays
 * in 0x10–0x7f so the DER integer needs no sign byte and hex tools print all 40 digits. */
export function randomCertificateSerial(): string {
  const bytes = randomBytes(20);
  bytes[0] = 0x10 + (bytes[0]! % 0x70);
  return bytes.toString('hex').toUpperCase();
}

export function selfSignedCertificate(opts: {
  privateKeyPem: string;
  publicKeyPem: string;
  serialNo: string;
  commonName: string;
  organization: string;
  validDays: number;
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(opts.publicKeyPem);
  cert.serialNumber = opts.serialNo.toLowerCase();
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60_000);
  cert.validity.notAfter = new Date(now + opts.validDays * 86_400_000);
  const subject = [
    { shortName: 'C', value: 'CN' },
    { shortName: 'O', value: opts.organization },
    { shortName: 'CN', value: opts.commonName },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forge.pki.privateKeyFromPem(opts.privateKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n');
}
