import { sql, type Kysely } from 'kysely';

// What a buyer checks before paying for a standard: edition, pages, ISBN, publication date and a
// fuller description, each text per language, and a cover per language (Chinese buyers get the
// Chinese cover art). `cover` stays the English cover; every new column may be empty, so a
// catalogue without the details still works and the legacy answers do not change.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('edition_en', 'text')
    .addColumn('edition_zh', 'text')
    .addColumn('pages', 'integer', (c) => c.check(sql`pages > 0`))
    .addColumn('isbn', 'text')
    .addColumn('published_on', 'date')
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_zh', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('books')
    .dropColumn('cover_zh')
    .dropColumn('description_zh')
    .dropColumn('description_en')
    .dropColumn('published_on')
    .dropColumn('isbn')
    .dropColumn('pages')
    .dropColumn('edition_zh')
    .dropColumn('edition_en')
    .execute();
}
