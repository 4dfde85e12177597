// `npm test` runs each suite as its own Node process (scripts/src/suites.ts) and reads its TAP:
// a failing assertion, a crash, a hang or an unfinished plan each fail the run, and the totals
// count every assertion at every depth of subtests.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { runSuites } from '../../scripts/src/suites.js';

const root = path.resolve(import.meta.dirname, '../..');

function suites(t: { teardown(fn: () => void): void }, files: Record<string, string>): string[] {
  // Inside the project, so `import t from 'tap'` resolves to the installed tap.
  const dir = mkdtempSync(path.join(root, 'test-dist', '.runner-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return Object.entries(files).map(([name, text]) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  });
}

async function run(files: string[], timeoutMs = 60_000) {
  let out = '';
  const r = await runSuites(files, { ...process.env }, { cwd: root, jobs: 2, timeoutMs, write: (s) => (out += s) });
  return { ...r, out };
}

const passing = `import t from 'tap';
t.test('outer', async (t) => {
  t.ok(true, 'one');
  t.test('inner', async (t) => { t.equal(1, 1, 'two'); t.same([1], [1], 'three'); });
});
t.ok(true, 'four');
`;

t.test('assertions are counted at every depth; subtests themselves are not assertions', async (t) => {
  const r = await run(suites(t, { 'a.test.js': passing }));
  t.equal(r.code, 0);
  t.same({ pass: r.pass, fail: r.fail }, { pass: 4, fail: 0 });
  t.match(r.out, /^TAP version 14\n# Subtest: .*a\.test\.js\n {4}TAP version 14\n/);
  t.match(r.out, /\nok 1 - .*a\.test\.js # time=\d+ms\n/);
  t.match(r.out, /\n1\.\.1\n# \{ total: 4, pass: 4, fail: 0 \}\n/);
});

t.test('a failing assertion fails the run and is counted; the other suites still run', async (t) => {
  const failing = "import t from 'tap';\nt.equal(1, 2, 'wrong');\nt.ok(true);\n";
  const r = await run(suites(t, { 'a.test.js': passing, 'b.test.js': failing }));
  t.not(r.code, 0);
  t.same({ pass: r.pass, fail: r.fail }, { pass: 5, fail: 1 });
  t.match(r.out, /\nnot ok \d - .*b\.test\.js # time=/);
  t.match(r.out, /\nok \d - .*a\.test\.js # time=/);
  t.match(r.out, /not ok 1 - wrong/, "the suite's own report is kept");
});

t.test('a crash before any assertion is one failure, its error shown', async (t) => {
  const r = await run(suites(t, { 'c.test.js': "throw new Error('boom at load');\n" }));
  t.not(r.code, 0);
  t.equal(r.fail, 1);
  t.match(r.out, /# .*Error: boom at load/);
  t.match(r.out, /# exited with 1/);
});

/** The processes still running a suite's file (by their command lines): none once the runner is done. */
function stillRunning(file: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(file)) found.push(pid);
    } catch {
      // ended while being listed
    }
  }
  return found;
}

// Whichever comes first, tap's own timer or the runner's SIGALRM (counted from the suite's first
// output, so never before tap's clock has run), tap reports the subtest it was waiting in: the
// runner's guarantee does not depend on how loaded the machine is.
t.test("a suite that hangs fails at the timeout, tap's report saying where it waited, and is gone", async (t) => {
  const [file] = suites(t, {
    'h.test.js': `import t from 'tap';\nt.test('waits', async () => { await new Promise(() => setInterval(() => {}, 1000)); });\n`,
  });
  const r = await run([file!], 2_000);
  t.not(r.code, 0);
  t.ok(r.fail >= 1);
  t.match(r.out, /# Subtest: waits\n\s+not ok 1 - timeout!/, 'inside the subtest that was waiting');
  t.same(stillRunning(file!), [], 'the suite process has ended');
});

t.test('a suite that never writes a line is stopped at the timeout counted from its start', async (t) => {
  const [file] = suites(t, { 's.test.js': `setInterval(() => {}, 1000);\n` });
  const r = await run([file!], 1_000);
  t.not(r.code, 0);
  t.equal(r.fail, 1);
  t.match(r.out, /# stopped 1.5 s after it started/);
  t.match(r.out, /# exited with SIGALRM/);
  t.same(stillRunning(file!), [], 'the suite process has ended');
});

t.test('a suite too blocked to time itself out is killed by the runner', async (t) => {
  // Its event loop never turns again: tap's timer cannot fire and the SIGALRM it listens for is
  // never handled, so only SIGKILL ends it.
  const blocked = `process.on('SIGALRM', () => {});\nprocess.stdout.write('TAP version 14\\n');\nAtomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);\n`;
  const [file] = suites(t, { 'b.test.js': blocked });
  // Long enough for it to have its SIGALRM listener before the runner's clock runs out, however
  // slowly a loaded machine starts it.
  const r = await run([file!], 4_000);
  t.not(r.code, 0);
  t.equal(r.fail, 1);
  t.match(r.out, /# stopped 6 s after its first output/);
  t.match(r.out, /# exited with SIGKILL/);
  t.same(stillRunning(file!), [], 'the suite process has ended');
});

t.test('a suite that ends before its plan is met fails', async (t) => {
  const r = await run(suites(t, { 'p.test.js': "import t from 'tap';\nt.plan(3);\nt.ok(true);\nprocess.exit(0);\n" }));
  t.not(r.code, 0);
  t.ok(r.fail >= 1);
});

t.test('files run two at a time: each sees the other running', async (t) => {
  // Each announces itself, then waits for the other's mark: run one after the other, the first
  // would wait in vain until tap's timeout (a minute, however slow the machine) and fail.
  const meeting = (me: string, other: string) => `import t from 'tap';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
const mark = (n) => path.join(import.meta.dirname, n + '.started');
writeFileSync(mark('${me}'), '');
while (!existsSync(mark('${other}'))) await new Promise((r) => setTimeout(r, 20));
t.ok(existsSync(mark('${other}')), '${other} is running beside ${me}');
`;
  const r = await run(suites(t, { 'm1.test.js': meeting('m1', 'm2'), 'm2.test.js': meeting('m2', 'm1') }));
  t.equal(r.code, 0, r.out);
  t.same({ pass: r.pass, fail: r.fail }, { pass: 2, fail: 0 });
});
