import { PLAIN, type Baselines, type BenchContext } from '../context.js';
import { queueSeededCopies } from '../ebook-copies.js';
import { encryptionMs } from '../encrypt.js';
import { load } from '../load.js';
import { fmt } from '../report.js';
import { root } from '../stack.js';

/** The e-book downloads: each buyer's first (the copy made at payment), one encryption alone, and again. */
export async function downloadCases({ stack, db, buyers, report, step, want, bearer }: BenchContext, { plain }: Baselines): Promise<void> {
  if (!want('download')) return;
  // The seed paid its orders in SQL: their copies are queued now, as the settlement would have.
  const queued = await queueSeededCopies(
    db,
    stack.redisUrl,
    stack.queuePrefix,
    buyers.map((b) => b.id),
  );
  console.log(`  queued the copies of ${queued} paid e-book orders`);
  // A thousand encryptions on a shared machine: give the workers time.
  await step('download', 600_000);
  const download = (i: number) => ({ path: `/api/orders/BN${String(buyers[i % buyers.length]!.id).padStart(6, '0')}0000/download`, headers: bearer(i) });
  const base = { ...PLAIN, rps: plain.rps };
  report.versus(
    'e-book download, first per buyer (copy made at payment)',
    await load({ url: `${stack.gatewayUrl}/api/orders/x/download`, amount: buyers.length, perRequest: download }),
    base,
    'downloadFirst',
  );
  const enc = await encryptionMs(root);
  report.info({
    case: 'diagnostic: one e-book encryption alone (AES-256, in-process)',
    figure: `${enc.toFixed(1)} ms CPU per document (at most ${fmt(1000 / enc)}/s per core)`,
  });
  // Downloading again (retries, a second device): the same stored copy.
  report.versus('e-book download, again', await load({ url: `${stack.gatewayUrl}/api/orders/x/download`, perRequest: download }), base, 'downloadAgain');
}
