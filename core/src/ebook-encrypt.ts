import { randomBytes } from 'node:crypto';
import type * as PdfLib from '@cantoo/pdf-lib';
import { encryptData, permsEntry, r6Password, userEntries } from './pdf-aes256.js';

// The PDF library (with its colour library) is a quarter of a process's module loading: it is
// loaded by the first encryption instead of at start.
let pdfLibLoad: Promise<typeof PdfLib> | undefined;
const pdfLib = () => (pdfLibLoad ??= import('@cantoo/pdf-lib'));

// Print (high resolution) and accessibility extraction; no copying, changing, annotating, forms
// or assembly. Bits 7-8 and 13-32 are reserved as ones (ISO 32000-2 Table 22).
const PERMISSIONS = (0xfffff0c0 | 0x4 | 0x800 | 0x200) >> 0;
// Adobe's extension level that declares AES-256 revision 6 in a PDF 1.7 file.
const AES256_EXTENSION_LEVEL = 8;

/**
 * The PDF encrypted with AES-256 (the standard security handler, revision 6): the user password
 * opens it. The library parses and writes the PDF; the encryption is done here on node:crypto,
 * every string and stream of the file (the library's own encrypts the streams only, leaving the
 * document information's strings unreadable once decrypted) with OpenSSL's AES.
 *
 * The password hash (Algorithm 2.B) is deliberately slow, and it is the cost: it is computed for
 * the user password only (validation and key salts). There is no owner password: the owner
 * entries (O, OE) are random bytes of their size, which no password matches, just as none matched
 * the random owner password that used to be made and thrown away; a reader checks a typed password
 * against them first, fails, and goes on to the user entries.
 */
export async function encryptPdf(source: Uint8Array, userPassword: string): Promise<Uint8Array> {
  const lib = await pdfLib();
  const doc = await lib.PDFDocument.load(source);
  const { context } = doc;
  const fileKey = randomBytes(32);

  raiseVersion(lib, doc);

  const hex = (bytes: Uint8Array) => lib.PDFHexString.of(Buffer.from(bytes).toString('hex'));
  // Strings in dictionaries and arrays, at any depth; a stream's bytes as a whole.
  const sealed = (obj: PdfLib.PDFObject): PdfLib.PDFObject | undefined => {
    if (obj instanceof lib.PDFString || obj instanceof lib.PDFHexString) return hex(encryptData(fileKey, obj.asBytes()));
    if (obj instanceof lib.PDFDict) {
      for (const [key, value] of obj.entries()) {
        const next = sealed(value);
        if (next) obj.set(key, next);
      }
    } else if (obj instanceof lib.PDFArray) {
      for (let i = 0; i < obj.size(); i++) {
        const next = sealed(obj.get(i));
        if (next) obj.set(i, next);
      }
    }
    return undefined;
  };
  const XREF = lib.PDFName.of('XRef');
  const OBJ_STM = lib.PDFName.of('ObjStm');
  for (const [, obj] of context.enumerateIndirectObjects()) {
    if (obj instanceof lib.PDFStream) {
      const type = obj.dict.lookup(lib.PDFName.Type);
      // Cross-reference streams are never encrypted; the source's object streams are not written.
      if (type === XREF || type === OBJ_STM) continue;
      sealed(obj.dict);
      if (!(obj instanceof lib.PDFRawStream)) throw new Error(`unexpected stream in a loaded PDF: ${obj.constructor.name}`);
      obj.updateContents(encryptData(fileKey, obj.getContents()));
    } else {
      sealed(obj);
    }
  }

  const { U, UE } = userEntries(r6Password(userPassword), fileKey);
  const id = hex(randomBytes(16));
  context.trailerInfo.ID = context.obj([id, id]);
  context.trailerInfo.Encrypt = context.register(
    context.obj({
      Filter: 'Standard',
      V: 5,
      R: 6,
      Length: 256,
      CF: { StdCF: { AuthEvent: 'DocOpen', CFM: 'AESV3', Length: 32 } },
      StmF: 'StdCF',
      StrF: 'StdCF',
      O: hex(randomBytes(48)),
      OE: hex(randomBytes(32)),
      U: hex(U),
      UE: hex(UE),
      P: PERMISSIONS,
      Perms: hex(permsEntry(PERMISSIONS, fileKey)),
    }),
  );
  // Nothing may be added while saving: it would be written unencrypted.
  return doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}

/**
 * AES-256 needs PDF 2.0, or 1.7 with Adobe's extension level 8 declared in the catalog: an older
 * header is raised to 1.7 and a 1.x file declares the extension.
 */
function raiseVersion(lib: typeof PdfLib, doc: PdfLib.PDFDocument): void {
  const { context } = doc;
  const [major = 0, minor = 0] = context.header
    .getVersionString()
    .split('.')
    .map((part) => parseInt(part, 10) || 0);
  if (major >= 2) return;
  if (minor < 7) context.header = lib.PDFHeader.forVersion(1, 7);
  const extensions = doc.catalog.lookupMaybe(lib.PDFName.of('Extensions'), lib.PDFDict) ?? context.obj({});
  const adbe = extensions.lookupMaybe(lib.PDFName.of('ADBE'), lib.PDFDict) ?? context.obj({});
  const level = adbe.lookupMaybe(lib.PDFName.of('ExtensionLevel'), lib.PDFNumber)?.asNumber() ?? 0;
  if (level < AES256_EXTENSION_LEVEL) {
    adbe.set(lib.PDFName.of('BaseVersion'), lib.PDFName.of('1.7'));
    adbe.set(lib.PDFName.of('ExtensionLevel'), lib.PDFNumber.of(AES256_EXTENSION_LEVEL));
  }
  extensions.set(lib.PDFName.of('ADBE'), adbe);
  doc.catalog.set(lib.PDFName.of('Extensions'), extensions);
}
