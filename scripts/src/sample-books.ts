import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { bookSeeds } from '@shop/db';

// Writes the sample PDFs the project ships in content/books: stand-ins for the real
// publications (the deployment mounts the real files in their place).
export async function writeSampleBooks(dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const book of bookSeeds) {
    const doc = await PDFDocument.create();
    doc.setTitle(book.titleEn);
    doc.setCreator('shop sample content');
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    for (let n = 1; n <= 3; n++) {
      const page = doc.addPage([595, 842]);
      const words = book.titleEn.split(' ');
      let line = '';
      let y = 760;
      for (const w of words) {
        if ((line + w).length > 48) {
          page.drawText(line.trim(), { x: 60, y, size: 18, font: bold, color: rgb(0.1, 0.2, 0.4) });
          y -= 26;
          line = '';
        }
        line += `${w} `;
      }
      page.drawText(line.trim(), { x: 60, y, size: 18, font: bold, color: rgb(0.1, 0.2, 0.4) });
      page.drawText(`Sample edition, page ${n} of 3`, { x: 60, y: y - 40, size: 12, font });
      page.drawText(book.introductionEn.slice(0, 90), { x: 60, y: y - 70, size: 10, font });
      page.drawText(`Book ${book.id}: this file stands in for the published text.`, { x: 60, y: 80, size: 9, font, color: rgb(0.4, 0.4, 0.4) });
    }
    const file = path.join(dir, book.pdfFile);
    writeFileSync(file, await doc.save({ useObjectStreams: false }));
    written.push(file);
  }
  return written;
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? path.resolve('content/books');
  console.log((await writeSampleBooks(dir)).join('\n'));
}
