import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The standard security handler of ISO 32000-2 at revision 6 (AES-256, "AESV3"), on node:crypto:
 * the password entries of the encryption dictionary (7.6.4.4) and the cipher of strings and
 * streams (7.6.3). Every primitive is OpenSSL's: the password hash runs AES-CBC and SHA-2 over a
 * few KB at least 64 times, which in JavaScript was most of an e-book's encryption.
 */

const DIGESTS = ['sha256', 'sha384', 'sha512'] as const;
const ZERO_IV = Buffer.alloc(16);

/** A revision-6 password: UTF-8, at most 127 bytes (7.6.4.3.3), as readers encode what is typed. */
export function r6Password(password: string): Buffer {
  return Buffer.from(password, 'utf8').subarray(0, 127);
}

/**
 * Algorithm 2.B: the hash of a password with a salt (and, for the owner's entries, the 48-byte U).
 * Each round encrypts 64 copies of password || K || userBytes with AES-128-CBC keyed by K, and
 * hashes the result with the SHA-2 the first 16 bytes pick; at least 64 rounds, then until the
 * last byte of the round's ciphertext is at most the round count less 32.
 */
export function hash2B(password: Buffer, salt: Buffer, userBytes: Buffer = Buffer.alloc(0)): Buffer {
  let k = createHash('sha256').update(password).update(salt).update(userBytes).digest();
  for (let round = 1; ; round++) {
    const unit = Buffer.concat([password, k, userBytes]);
    // Buffer#fill repeats a buffer natively: the 64 copies without a JavaScript loop.
    const k1 = Buffer.allocUnsafe(unit.length * 64).fill(unit);
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    // 64 copies are a whole number of AES blocks: update() answers all of it, final() nothing.
    const e = cipher.update(k1);
    // The first 16 bytes as a big-endian number modulo 3 is their byte sum modulo 3 (256 = 1 mod 3).
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i]!;
    k = createHash(DIGESTS[sum % 3]!)
      .update(e)
      .digest();
    if (round >= 64 && e[e.length - 1]! <= round - 32) return k.subarray(0, 32);
  }
}

function aes256NoPadding(key: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, ZERO_IV).setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** Algorithm 8: U (hash, validation salt, key salt) and UE (the file key wrapped by the password). */
export function userEntries(password: Buffer, fileKey: Buffer): { U: Buffer; UE: Buffer } {
  const validationSalt = randomBytes(8);
  const keySalt = randomBytes(8);
  return {
    U: Buffer.concat([hash2B(password, validationSalt), validationSalt, keySalt]),
    UE: aes256NoPadding(hash2B(password, keySalt), fileKey),
  };
}

/** Algorithm 10: Perms, the permissions sealed with the file key (EncryptMetadata true). */
export function permsEntry(permissions: number, fileKey: Buffer): Buffer {
  const block = Buffer.alloc(16);
  block.writeInt32LE(permissions, 0);
  block.writeUInt32LE(0xffffffff, 4);
  block.write('Tadb', 8, 'latin1');
  randomBytes(4).copy(block, 12);
  // One block with a zero IV: the ECB the algorithm asks for.
  return aes256NoPadding(fileKey, block);
}

/** A string's or stream's bytes under AESV3: a random IV, then AES-256-CBC with PKCS#7 padding. */
export function encryptData(fileKey: Buffer, data: Uint8Array): Buffer {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', fileKey, iv);
  return Buffer.concat([iv, cipher.update(data), cipher.final()]);
}
