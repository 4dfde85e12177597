import { createDb, migrateToLatest, seed } from '@shop/db';

/** Migrates to the latest schema and (re)seeds books and countries. */
export async function prepareDatabase(url: string): Promise<{ applied: string[]; books: number; countries: number }> {
  const db = createDb(url, { max: 2, applicationName: 'shop-migrate' });
  try {
    const applied = await migrateToLatest(db);
    const counts = await seed(db);
    return { applied, ...counts };
  } finally {
    await db.destroy();
  }
}
