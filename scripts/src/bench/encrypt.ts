import { readFileSync } from 'node:fs';
import path from 'node:path';
import { encryptPdf } from '@shop/gateway/services/orders/download';

/** Milliseconds one e-book encryption costs alone, in this process (a diagnostic for the download case). */
export async function encryptionMs(root: string, runs = 20): Promise<number> {
  const source = readFileSync(path.join(root, 'content/books/book-1.pdf'));
  for (let i = 0; i < 3; i++) await encryptPdf(source, `warm${i}@example.com`);
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await encryptPdf(source, `bench${i}@example.com`);
  return (performance.now() - t0) / runs;
}
