import { randomBytes } from 'node:crypto';

// The PDF library (with its colour library) is a quarter of a process's module loading: it is
// loaded by the first encryption instead of at start.
let pdfLibLoad: Promise<typeof import('@cantoo/pdf-lib')> | undefined;
const pdfLib = () => (pdfLibLoad ??= import('@cantoo/pdf-lib'));

/**
 * The PDF encrypted with AES-256 (PDF 2.0): the user password opens it, a random owner password
 * (thrown away) guards the permissions. Most of its cost is the standard's deliberately slow
 * password hashing, four times per document (user and owner, validation and key salts).
 */
export async function encryptPdf(source: Uint8Array, userPassword: string): Promise<Uint8Array> {
  const { PDFDocument } = await pdfLib();
  const doc = await PDFDocument.load(source);
  doc.encrypt({
    userPassword,
    ownerPassword: randomBytes(24).toString('base64url'),
    permissions: {
      printing: 'highResolution',
      modifying: false,
      copying: false,
      annotating: false,
      fillingForms: false,
      contentAccessibility: true,
      documentAssembly: false,
    },
  });
  return doc.save({ useObjectStreams: false });
}
