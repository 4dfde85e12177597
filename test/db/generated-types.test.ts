// Database types from the migrations: db/src/generated/db-types.ts is what kysely-codegen
// gives for the migrated schema, and the check (`npm run gen:db -- --check`, kysely-codegen --verify)
// fails, naming the difference, once the schema has a column the committed file lacks or a column
// union that its CHECK constraint no longer matches. One database of the test cluster serves every
// case: the generator migrates it, then the test changes it the way a new migration would.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import t from 'tap';
import { migrationNames } from '@shop/db';
import { createTestDatabase } from '../helpers/db.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const generator = path.join(root, 'scripts', 'gen-db-types.mjs');
const generatedFile = path.join(root, 'db', 'src', 'generated', 'db-types.ts');

async function check(url: string): Promise<{ ok: boolean; out: string }> {
  try {
    const r = await promisify(execFile)(process.execPath, [generator, '--check', '--url', url], { cwd: root, timeout: 120_000 });
    return { ok: true, out: `${r.stdout}${r.stderr}` };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? e.message}` };
  }
}

const { db, url } = await createTestDatabase(t, { empty: true });
const committed = readFileSync(generatedFile, 'utf8');

t.test('the committed types are what the migrations give', async (t) => {
  const r = await check(url);
  t.ok(r.ok, r.out);
  t.match(r.out, /db-types\.ts is what the migrations give/);
  t.match(r.out, /\d+ column unions match their CHECK constraints/);
  const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  t.same(
    applied.rows.map((r) => r.name),
    [...migrationNames].sort(),
    'the generator migrated the empty database to the latest',
  );
  t.match(committed, /status: Generated<OrderStatus>;/, 'a CHECK-limited column keeps the app union');
  t.match(committed, /import type \{[^}]*\bOrderStatus\b[^}]*\} from "\.\.\/column-types\.js";/, 'which the generated file imports');
});

t.test('a column the committed file lacks fails the check, showing it, and writes nothing', async (t) => {
  await sql`alter table books add column subtitle_en text`.execute(db);
  t.teardown(() => sql`alter table books drop column subtitle_en`.execute(db));
  const r = await check(url);
  t.notOk(r.ok, 'the check fails');
  t.match(r.out, /db\/src\/generated\/db-types\.ts is not what the migrations give \(run `npm run gen:db` and commit it\)/);
  t.match(r.out, /^\s*-\s+subtitle_en: string \| null;$/m, 'the diff shows the missing column as one the migrations give');
  t.notMatch(r.out, /at async Cli/, 'and no stack trace of the tool');
  t.equal(readFileSync(generatedFile, 'utf8'), committed, 'the committed file is untouched');
});

t.test('a CHECK that allows a value its union lacks fails the check, naming both', async (t) => {
  const statuses = (list: string) =>
    sql.raw(`alter table orders drop constraint orders_status_check, add constraint orders_status_check check (status in (${list}))`);
  await statuses(`'pending_payment', 'paid', 'expired', 'refunded'`).execute(db);
  t.teardown(() => statuses(`'pending_payment', 'paid', 'expired'`).execute(db));
  const r = await check(url);
  t.notOk(r.ok, 'the check fails');
  t.match(
    r.out,
    /orders\.status: the migrations allow pending_payment, paid, expired, refunded; OrderStatus in db\/src\/column-types\.ts says pending_payment, paid, expired/,
  );
});
