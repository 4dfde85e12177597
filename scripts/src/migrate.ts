import { prepareDatabase } from './stack/database.js';

// One-shot migration and seeding for deployments (the compose `migrate` service).
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required');
  process.exit(78);
}
prepareDatabase(url).then(
  (r) => console.log(`migrated (${r.applied.length} applied), ${r.books} books, ${r.countries} countries`),
  (err) => {
    console.error(`migration failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
