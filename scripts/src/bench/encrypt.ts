import { readFileSync } from 'node:fs';
import path from 'node:path';
import { encryptPdf } from '@shop/core/ebook-copies';

/** CPU milliseconds one e-book encryption costs alone, in this process (a diagnostic for the download case). */
export async function encryptionMs(root: string, runs = 20): Promise<number> {
  const source = readFileSync(path.join(root, 'content/books/book-1.pdf'));
  for (let i = 0; i < 3; i++) await encryptPdf(source, `warm${i}@example.com`);
  // CPU time, not wall time: on a shared machine the wall clock counts other processes' turns.
  const t0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) await encryptPdf(source, `bench${i}@example.com`);
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000 / runs;
}
