import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Job } from 'bullmq';
import t from 'tap';
import { PDFDocument } from '@cantoo/pdf-lib';
import { completeBankTransfer } from '@shop/core';
import { ebookCopies } from '@shop/core/ebook-copies';
import type { JobPayloads } from '@shop/jobs';
import { BankTransferProvider } from '@shop/payments';
import { ebookCopyProcessor } from '../../workers/src/processors/ebook-copy.js';
import { checkoutFor, coreDeps } from '../helpers/core-deps.js';
import { tempDir } from '../helpers/tmp.js';

// Paying an e-book order queues its buyer's encrypted copy in the settling transaction; the
// workers' processor makes it in the shared copies folder, opened by the buyer's email only.

const contentDir = new URL('../../content/books', import.meta.url).pathname;

function qpdfOpens(file: string, password?: string): boolean {
  const args = password === undefined ? ['--check', file] : [`--password=${password}`, '--check', file];
  return spawnSync('qpdf', args, { encoding: 'utf8' }).status === 0;
}

const copiesIn = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.pdf'));
const job = (orderNo: string) => ({ data: { orderNo } }) as Job<JobPayloads['ebook-copy']>;

t.test("paying an e-book order makes the buyer's encrypted copy", async (t) => {
  const deps = await coreDeps(t, { bank_transfer: new BankTransferProvider() });
  const dir = tempDir(t);
  const copies = ebookCopies({ contentDir, copiesDir: dir, copiesMaxBytes: 64 * 1024 * 1024 });
  const { buyer, order } = await checkoutFor(deps, { provider: 'bank_transfer', method: 'offline' });
  t.same(await deps.db.selectFrom('outbox').select('id').where('queue', '=', 'ebook-copy').execute(), [], 'nothing queued before the payment');

  await completeBankTransfer(deps, { orderNo: order.order_no, reference: 'REF-1', actor: { type: 'operator', id: '1' } });
  const queued = await deps.db.selectFrom('outbox').select(['payload']).where('queue', '=', 'ebook-copy').execute();
  t.same(
    queued.map((r) => r.payload),
    [{ orderNo: order.order_no }],
    'the copy is queued with the payment',
  );

  const run = ebookCopyProcessor(deps, copies);
  t.same(await run(job(order.order_no)), { made: true });
  const made = copiesIn(dir);
  t.equal(made.length, 1, 'one copy in the shared folder');
  const file = path.join(dir, made[0]!);
  t.ok(qpdfOpens(file, buyer.email), 'qpdf opens it with the buyer email');
  t.notOk(qpdfOpens(file), 'and not without a password');
  t.notOk(qpdfOpens(file, 'someone-else@example.com'), 'nor with another email');
  t.notOk(made[0]!.includes(buyer.email.split('@')[0]!), 'the name does not carry the email');

  const stored = await copies.find({ userId: buyer.id, email: buyer.email, pdfFile: 'book-1.pdf' });
  t.ok(stored && 'bytes' in stored, 'the download finds it, read whole (a small copy)');
  if (stored && 'bytes' in stored) t.ok(stored.bytes.equals(readFileSync(file)), 'its bytes are the stored copy');
  t.same(await run(job(order.order_no)), { made: false }, 'a replayed job keeps the copy');
  t.equal(copiesIn(dir).length, 1);
  t.equal(await copies.find({ userId: buyer.id, email: `new-${buyer.email}`, pdfFile: 'book-1.pdf' }), null, 'another email names another copy');

  // A refunded order is no longer downloadable: nothing to make.
  await deps.db.updateTable('orders').set({ refunded_at: new Date() }).where('order_no', '=', order.order_no).execute();
  t.match(await run(job(order.order_no)), { skipped: 'not a downloadable e-book order' });
});

t.test('the copies folder stays within its bound, dropping the least recently used copies', async (t) => {
  const dir = tempDir(t);
  const options = { contentDir, copiesDir: dir };
  const roomy = ebookCopies({ ...options, copiesMaxBytes: 64 * 1024 * 1024 });
  const owners = [1, 2, 3, 4].map((i) => ({ userId: i, email: `bound${i}@example.com`, pdfFile: 'book-1.pdf' }));
  const names: string[] = [];
  for (const [i, owner] of owners.entries()) {
    t.equal(await roomy.prepare(owner), true);
    const name = copiesIn(dir).find((n) => !names.includes(n))!;
    names.push(name);
    // Made ten minutes apart, the first one first, the last half an hour ago (a download marks a
    // copy used when it was marked longer ago than ten minutes).
    const at = new Date(Date.now() - (60 - i * 10) * 60_000);
    utimesSync(path.join(dir, name), at, at);
  }
  const copySize = statSync(path.join(dir, names[0]!)).size;
  const bound = Math.round(copySize * 2.5);
  // The same folder under a bound of two and a half copies.
  const tight = ebookCopies({ ...options, copiesMaxBytes: bound });
  const first = await tight.find(owners[0]!);
  t.ok(first, 'the first copy is downloaded again, which marks it used');
  writeFileSync(path.join(dir, 'stale.pdf.1.abc.tmp'), 'x');
  utimesSync(path.join(dir, 'stale.pdf.1.abc.tmp'), new Date(0), new Date(0));

  await tight.sweep();
  const left = copiesIn(dir);
  t.ok(left.includes(names[0]!), 'the copy used again is kept');
  t.ok(left.includes(names[3]!), 'the newest is kept');
  t.notOk(left.includes(names[1]!), 'the least recently used is removed');
  t.ok(left.reduce((sum, n) => sum + statSync(path.join(dir, n)).size, 0) <= bound, 'within the bound');
  t.notOk(readdirSync(dir).includes('stale.pdf.1.abc.tmp'), "an interrupted write's leftover is removed");
  t.equal(await tight.find(owners[1]!), null, 'a removed copy is not found');
  t.equal(await roomy.prepare(owners[1]!), true, 'and is made again when asked for');
});

t.test('a copy above a megabyte is found open, to be streamed', async (t) => {
  const content = tempDir(t);
  const dir = tempDir(t);
  const doc = await PDFDocument.create();
  doc.addPage().drawText('A long book');
  await doc.attach(randomBytes(1_200_000), 'appendix.bin', { mimeType: 'application/octet-stream' });
  writeFileSync(path.join(content, 'long.pdf'), await doc.save({ useObjectStreams: false }));
  const copies = ebookCopies({ contentDir: content, copiesDir: dir, copiesMaxBytes: 64 * 1024 * 1024 });
  const owner = { userId: 7, email: 'long.reader@example.com', pdfFile: 'long.pdf' };
  t.equal(await copies.prepare(owner), true);
  const file = path.join(dir, copiesIn(dir)[0]!);
  t.ok(qpdfOpens(file, owner.email), 'qpdf opens it with the email');
  t.notOk(qpdfOpens(file, 'other@example.com'), 'and not with another');

  const stored = await copies.find(owner);
  if (!stored || !('handle' in stored)) return t.fail('the copy is found open');
  t.equal(stored.size, statSync(file).size);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.handle.createReadStream({ start: 0, end: stored.size - 1 })) chunks.push(chunk as Buffer);
  t.ok(Buffer.concat(chunks).equals(readFileSync(file)), 'the stream is the stored copy');
});
