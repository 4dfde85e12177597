// The order a lane starts its suites in (scripts/src/suite-order.ts): longest first by the last
// run's timings, untimed suites before all timed ones, the listed order otherwise; the timings
// file survives a missing or broken copy and keeps the suites a subset run did not time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/tmp.js';
import { longestFirst, readDurations, writeDurations } from '../../scripts/src/suite-order.js';
import { runSuites } from '../../scripts/src/suites.js';

const root = path.resolve(import.meta.dirname, '../..');

t.test('longest first; a suite without a timing before every timed one; ties as listed', async (t) => {
  const files = ['a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts', 'e.test.ts'];
  t.same(longestFirst(files, { 'a.test.ts': 1_000, 'b.test.ts': 30_000, 'c.test.ts': 1_000, 'e.test.ts': 5_000 }), [
    'd.test.ts',
    'b.test.ts',
    'e.test.ts',
    'a.test.ts',
    'c.test.ts',
  ]);
  t.same(longestFirst(files, {}), files, 'no timings (a fresh clone): the listed order');
  t.same(longestFirst(files, { 'gone.test.ts': 9 }), files, 'timings of suites no longer there change nothing');
});

t.test('the timings file: none or broken reads as none, a subset run keeps the others', async (t) => {
  const dir = tempDir(t, 'suite-order-');
  const file = path.join(dir, 'nested', 'suite-durations.json');
  t.same(readDurations(file), {}, 'no file yet');
  writeDurations(file, { 'a.test.ts': 100, 'b.test.ts': 200 }, { 'b.test.ts': 250, 'c.test.ts': 50 });
  t.same(readDurations(file), { 'a.test.ts': 100, 'b.test.ts': 250, 'c.test.ts': 50 }, 'merged, this run winning, folder made');
  writeFileSync(file, '{ not json');
  t.same(readDurations(file), {}, 'a broken file reads as none');
  writeFileSync(file, JSON.stringify({ 'a.test.ts': 'slow', 'b.test.ts': -1, 'c.test.ts': 12 }));
  t.same(readDurations(file), { 'c.test.ts': 12 }, 'only non-negative numbers are timings');
  writeFileSync(file, '[1, 2]');
  t.same(readDurations(file), {}, 'a list is not a timings file');
});

t.test('the runner reports how long each suite took, by the path it was given', async (t) => {
  const dir = mkdtempSync(path.join(root, 'test-dist', '.order-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const quick = path.join(dir, 'quick.test.js');
  const slow = path.join(dir, 'slow.test.js');
  writeFileSync(quick, "import t from 'tap';\nt.pass('quick');\n");
  // The slow suite waits on a timer it owns: how long it takes is what is measured, not asserted on.
  writeFileSync(slow, "import t from 'tap';\nawait new Promise((r) => setTimeout(r, 300));\nt.pass('slow');\n");
  const r = await runSuites([quick, slow], { ...process.env }, { cwd: root, jobs: 2, timeoutMs: 60_000, write: () => {} });
  t.same(Object.keys(r.durations).sort(), [quick, slow].sort());
  t.ok(r.durations[slow]! >= 300, `the slow suite's time includes its wait (${r.durations[slow]} ms)`);
});
