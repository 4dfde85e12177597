import { spawn } from 'node:child_process';
import path from 'node:path';
import t from 'tap';

const root = path.resolve(import.meta.dirname, '../..');
const runner = path.join(root, 'scripts', 'dist', 'testrun.js');

// The runner refuses arguments it cannot honour before it starts PostgreSQL, Redis or the mail sink.
// No timeout of its own (tap's bounds it): a loaded machine makes it slower, not wrong.
async function run(...args: string[]): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(process.execPath, [runner, ...args], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { status, stderr };
}

t.test('a file outside the lane named is refused, not run silently', async (t) => {
  const r = await run('--lane=fast', 'test/web/first-load.test.ts', 'test/ops/lint.test.ts');
  t.equal(r.status, 2);
  t.match(r.stderr, /^npm test: not in lane fast: test\/web\/first-load\.test\.ts$/m);
  t.notMatch(r.stderr, /lint\.test/, 'a file of the lane is not named');
  const e2e = await run('--lane=e2e', './test/ops/lint.test.ts');
  t.equal(e2e.status, 2);
  t.match(e2e.stderr, /not in lane e2e: test\/ops\/lint\.test\.ts/, 'paths are read relative to the project');
});

t.test('an unknown lane is refused', async (t) => {
  const r = await run('--lane=slow');
  t.equal(r.status, 2);
  t.match(r.stderr, /unknown lane slow: fast, e2e or all/);
});
