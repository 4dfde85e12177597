import { LRUCache } from 'lru-cache';

/**
 * A byte-bounded LRU for encrypted e-books: a buyer who downloads again (or whose download
 * manager retries) gets the same file without another encryption pass. Entries are keyed by
 * buyer, email and source file, so a changed email or a new file never serves a stale copy.
 */
export function encryptedPdfCache(maxBytes: number): LRUCache<string, Uint8Array> {
  // A file larger than the whole budget is simply not kept (maxEntrySize).
  return new LRUCache<string, Uint8Array>({ maxSize: maxBytes, maxEntrySize: maxBytes, sizeCalculation: (v) => Math.max(1, v.byteLength) });
}
