import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { books } from './books.js';
import { countries } from './countries.js';

// Idempotent: a second run refreshes the catalogue text but never touches orders or users.
export async function seed(db: Kysely<Database>): Promise<{ books: number; countries: number }> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('countries')
      .values(countries.map((c, i) => ({ code: c.code, name_en: c.en, name_zh: c.zh, sort_order: i })))
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({
          name_en: eb.ref('excluded.name_en'),
          name_zh: eb.ref('excluded.name_zh'),
          sort_order: eb.ref('excluded.sort_order'),
        })),
      )
      .execute();
    await trx
      .insertInto('books')
      .values(
        books.map((b) => ({
          id: b.id,
          title_en: b.titleEn,
          title_zh: b.titleZh,
          introduction_en: b.introductionEn,
          introduction_zh: b.introductionZh,
          cover: b.cover,
          price_cents: b.priceCents,
          currency: 'EUR',
          pdf_file: b.pdfFile,
          cover_zh: b.coverZh,
          edition_en: b.editionEn,
          edition_zh: b.editionZh,
          pages: b.pages,
          isbn: b.isbn,
          published_on: b.publishedOn,
          description_en: b.descriptionEn,
          description_zh: b.descriptionZh,
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          title_en: eb.ref('excluded.title_en'),
          title_zh: eb.ref('excluded.title_zh'),
          introduction_en: eb.ref('excluded.introduction_en'),
          introduction_zh: eb.ref('excluded.introduction_zh'),
          cover: eb.ref('excluded.cover'),
          price_cents: eb.ref('excluded.price_cents'),
          pdf_file: eb.ref('excluded.pdf_file'),
          cover_zh: eb.ref('excluded.cover_zh'),
          edition_en: eb.ref('excluded.edition_en'),
          edition_zh: eb.ref('excluded.edition_zh'),
          pages: eb.ref('excluded.pages'),
          isbn: eb.ref('excluded.isbn'),
          published_on: eb.ref('excluded.published_on'),
          description_en: eb.ref('excluded.description_en'),
          description_zh: eb.ref('excluded.description_zh'),
        })),
      )
      .execute();
  });
  return { books: books.length, countries: countries.length };
}

export { books, countries };
export { DEFAULT_COUNTRY_CODE } from './countries.js';
