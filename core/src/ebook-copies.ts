import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { encryptPdf } from './ebook-encrypt.js';

export { encryptPdf };

/**
 * The buyers' encrypted e-book copies, in a folder the gateway replicas and the workers share
 * (EBOOK_CACHE_DIR). The workers make a buyer's copy when the order is paid; a download streams
 * it, or makes and stores it when it comes first.
 *
 * A copy's name is a hash of the buyer, the email that is its password and the source file's
 * content: a changed email or a new edition of the book names another copy, so a copy is never
 * served to anyone but the buyer it was made for, with the password they know. Whether the buyer
 * may download at all (paid, not refunded) is the caller's check, made before every download.
 *
 * The folder is bounded (EBOOK_CACHE_MAX_MB): after a write, when it has grown past the bound,
 * the copies used least recently (a download touches its copy's mtime) are removed down to 90%
 * of it. A removed copy is made again when it is next asked for.
 */
export interface EbookCopiesOptions {
  /** The folder of the e-book PDFs the catalogue names. */
  contentDir: string;
  /** The shared folder of encrypted copies. */
  copiesDir: string;
  copiesMaxBytes: number;
  log?: { warn(obj: object, msg: string): void };
}

/** Whose copy of which book: the email is the PDF's password. */
export interface CopyOwner {
  userId: number | string;
  email: string;
  /** The book's file name as the catalogue stores it (resolved in the content folder). */
  pdfFile: string;
}

/**
 * A stored copy: a small one read whole (sent in one write), a larger one open, to stream from the
 * handle (it stays readable if the copy is evicted meanwhile; the stream closes it).
 */
export type StoredCopy = { bytes: Buffer } | { handle: FileHandle; size: number };

export interface EbookCopies {
  /** The stored copy, opened, or null when there is none yet (or the book's file is missing: `source` throws then). */
  find(owner: CopyOwner): Promise<StoredCopy | null>;
  /** Encrypts the buyer's copy and stores it (again, if it is there); answers its bytes. */
  make(owner: CopyOwner): Promise<Uint8Array>;
  /** Makes and stores the copy unless it is stored already (throws when it cannot be stored); true when it encrypted. */
  prepare(owner: CopyOwner): Promise<boolean>;
  /** Removes the least recently used copies while the folder is above its bound. */
  sweep(): Promise<void>;
}

export class SourceMissing extends Error {}

const COPY = /^[0-9a-f]{64}\.pdf$/;
// Temporary files of writes a crash interrupted are removed by the sweep after this long.
const STALE_TMP_MS = 3_600_000;
// A copy up to this size is read whole: one read and one write to the socket, instead of a stream.
const READ_WHOLE_BYTES = 1024 * 1024;
// A download marks its copy used (mtime, the eviction's order) when it was last marked longer ago
// than this: the order of copies used within minutes of each other does not matter to a bound of GBs.
const TOUCH_AFTER_MS = 10 * 60_000;
// A source file is looked at (stat) again after this long: a new edition is picked up within a
// second, and a download does not cost a stat of it.
const SOURCE_RECHECK_MS = 1_000;

export function ebookCopies(options: EbookCopiesOptions): EbookCopies {
  const { copiesDir, copiesMaxBytes } = options;
  // The source's content hash, remembered per file while its size and mtime stay the same.
  const versions = new Map<string, { size: number; mtimeMs: number; hash: string; checkedAt: number }>();
  let ready: Promise<unknown> | undefined;
  let writtenSinceSweep = 0;
  let lastSweep = 0;
  let sweeping: Promise<void> | undefined;

  async function source(pdfFile: string): Promise<{ file: string; hash: string }> {
    const file = path.resolve(options.contentDir, path.basename(pdfFile));
    const known = versions.get(file);
    const now = Date.now();
    if (known && now - known.checkedAt < SOURCE_RECHECK_MS) return { file, hash: known.hash };
    let st;
    try {
      st = await stat(file);
    } catch {
      throw new SourceMissing(`e-book file missing: ${file}`);
    }
    if (known && known.size === st.size && known.mtimeMs === st.mtimeMs) {
      known.checkedAt = now;
      return { file, hash: known.hash };
    }
    const hash = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
    versions.set(file, { size: st.size, mtimeMs: st.mtimeMs, hash, checkedAt: now });
    return { file, hash };
  }

  async function copyPath(owner: CopyOwner): Promise<{ file: string; copy: string }> {
    const { file, hash } = await source(owner.pdfFile);
    const name = createHash('sha256').update(`ebook-copy-v1\u0000${owner.userId}\u0000${owner.email}\u0000${hash}`).digest('hex');
    return { file, copy: path.join(copiesDir, `${name}.pdf`) };
  }

  async function store(copy: string, bytes: Uint8Array): Promise<void> {
    ready ??= mkdir(copiesDir, { recursive: true });
    await ready;
    // Written whole under a temporary name, then renamed: a reader never sees half a copy.
    const tmp = `${copy}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, bytes, { flag: 'wx' });
    await rename(tmp, copy);
    writtenSinceSweep += bytes.byteLength;
    if (writtenSinceSweep > copiesMaxBytes / 20 || Date.now() - lastSweep > 60_000) void sweep();
  }

  async function encrypted(owner: CopyOwner): Promise<{ copy: string; bytes: Uint8Array }> {
    const { file, copy } = await copyPath(owner);
    return { copy, bytes: await encryptPdf(await readFile(file), owner.email) };
  }

  async function make(owner: CopyOwner): Promise<Uint8Array> {
    const { copy, bytes } = await encrypted(owner);
    try {
      await store(copy, bytes);
    } catch (err) {
      // The download still gets its copy; the next one makes it again.
      options.log?.warn({ err: (err as Error).message, dir: copiesDir }, 'e-book copy not stored');
    }
    return bytes;
  }

  async function sweepOnce(): Promise<void> {
    writtenSinceSweep = 0;
    lastSweep = Date.now();
    let names: string[];
    try {
      names = await readdir(copiesDir);
    } catch {
      return;
    }
    const copies: { file: string; size: number; used: number }[] = [];
    let total = 0;
    for (const name of names) {
      const file = path.join(copiesDir, name);
      const st = await stat(file).catch(() => null);
      if (!st) continue;
      if (name.endsWith('.tmp')) {
        if (Date.now() - st.mtimeMs > STALE_TMP_MS) await unlink(file).catch(() => undefined);
        continue;
      }
      if (!COPY.test(name)) continue;
      copies.push({ file, size: st.size, used: st.mtimeMs });
      total += st.size;
    }
    if (total <= copiesMaxBytes) return;
    copies.sort((a, b) => a.used - b.used);
    for (const c of copies) {
      if (total <= copiesMaxBytes * 0.9) break;
      await unlink(c.file).catch(() => undefined);
      total -= c.size;
    }
  }

  function sweep(): Promise<void> {
    sweeping ??= sweepOnce().finally(() => (sweeping = undefined));
    return sweeping;
  }

  return {
    async find(owner) {
      const { copy } = await copyPath(owner);
      let handle: FileHandle;
      try {
        handle = await open(copy, 'r');
      } catch {
        return null;
      }
      let streamed = false;
      try {
        const { size, mtimeMs } = await handle.stat();
        if (Date.now() - mtimeMs > TOUCH_AFTER_MS) {
          // Marks it used, for the eviction's order; a failure only makes it look older.
          const now = new Date();
          await handle.utimes(now, now).catch(() => undefined);
        }
        if (size > READ_WHOLE_BYTES) {
          streamed = true;
          return { handle, size };
        }
        const bytes = Buffer.allocUnsafe(size);
        const { bytesRead } = await handle.read(bytes, 0, size, 0);
        // A copy is written whole and renamed into place: a short read is a broken file.
        return bytesRead === size ? { bytes } : null;
      } catch {
        return null;
      } finally {
        if (!streamed) await handle.close().catch(() => undefined);
      }
    },
    make,
    async prepare(owner) {
      const { copy } = await copyPath(owner);
      if (
        await stat(copy).then(
          () => true,
          () => false,
        )
      )
        return false;
      // A job's copy that cannot be stored fails the job, which retries it.
      const made = await encrypted(owner);
      await store(made.copy, made.bytes);
      return true;
    },
    sweep,
  };
}
