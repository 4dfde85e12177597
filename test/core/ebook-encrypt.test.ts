import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { PDFDocument } from '@cantoo/pdf-lib';
import { encryptPdf } from '@shop/core/ebook-copies';
import { tempDir } from '../helpers/tmp.js';

// The e-book PDF is encrypted here, on node:crypto; qpdf (an independent implementation of the
// standard security handler) is the reader that must open it with the buyer's email, and only so.

const contentDir = new URL('../../content/books', import.meta.url).pathname;

function qpdf(args: string[]): { ok: boolean; out: string } {
  const r = spawnSync('qpdf', args, { encoding: 'utf8' });
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
}

for (const book of ['book-1.pdf', 'book-2.pdf', 'book-3.pdf']) {
  t.test(`${book}: the buyer's email opens it, nothing else does`, async (t) => {
    const dir = tempDir(t);
    const source = readFileSync(path.join(contentDir, book));
    const email = `reader.${book.slice(5, 6)}@example.com`;
    const file = path.join(dir, 'copy.pdf');
    writeFileSync(file, await encryptPdf(source, email));

    t.ok(qpdf([`--password=${email}`, '--check', file]).ok, 'qpdf opens and checks it with the email');
    t.notOk(qpdf(['--check', file]).ok, 'not without a password');
    t.notOk(qpdf(['--password=someone.else@example.com', '--check', file]).ok, 'not with another email');
    t.notOk(qpdf([`--password=${email.toUpperCase()}`, '--check', file]).ok, 'not with the email in other case');

    const shown = qpdf(['--show-encryption', `--password=${email}`, file]).out;
    t.match(shown, /R = 6/, 'revision 6');
    t.match(shown, /stream encryption method: AESv3/);
    t.match(shown, /string encryption method: AESv3/);
    t.match(shown, /Supplied password is user password/, 'the email is the user password');
    t.match(shown, /print high resolution: allowed/);
    t.match(shown, /extract for any purpose: not allowed/);
    t.match(shown, /modify anything: not allowed/);

    // Decrypted by qpdf, the text and the document information read as in the source.
    const plain = path.join(dir, 'plain.pdf');
    execFileSync('qpdf', [`--password=${email}`, '--decrypt', '--qdf', '--object-streams=disable', file, plain]);
    const original = await PDFDocument.load(source, { updateMetadata: false });
    const decrypted = await PDFDocument.load(readFileSync(plain), { updateMetadata: false });
    t.equal(decrypted.getTitle(), original.getTitle(), 'the title reads as in the source');
    t.ok(original.getTitle(), 'the source has a title to compare');
    t.equal(decrypted.getCreationDate()?.getTime(), original.getCreationDate()?.getTime(), 'and the creation date');
    t.equal(decrypted.getPageCount(), original.getPageCount(), 'every page');
    t.ok(readFileSync(plain, 'latin1').includes('(Sample edition, page 1 of'), 'the page text is there again');
    t.notOk(readFileSync(file, 'latin1').includes('Sample edition'), 'and not in the encrypted file');
  });
}

t.test('each copy has its own salts, file key and identifier', async (t) => {
  const source = readFileSync(path.join(contentDir, 'book-1.pdf'));
  const [a, b] = await Promise.all([encryptPdf(source, 'same@example.com'), encryptPdf(source, 'same@example.com')]);
  t.not(Buffer.from(a).toString('latin1'), Buffer.from(b).toString('latin1'));
  const u = (bytes: Uint8Array) => /\/U <([0-9a-f]+)>/.exec(Buffer.from(bytes).toString('latin1'))?.[1];
  t.ok(u(a));
  t.not(u(a), u(b), 'the U entries differ');
});

t.test('a password beyond ASCII is its UTF-8 bytes', async (t) => {
  const dir = tempDir(t);
  const email = 'käufer@例え.jp';
  const file = path.join(dir, 'copy.pdf');
  writeFileSync(file, await encryptPdf(readFileSync(path.join(contentDir, 'book-2.pdf')), email));
  t.ok(qpdf([`--password=${email}`, '--check', file]).ok, 'qpdf opens it with the email');
  t.notOk(qpdf(['--password=kaufer@例え.jp', '--check', file]).ok, 'not with a look-alike');
});
