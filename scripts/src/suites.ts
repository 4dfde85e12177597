import { spawn } from 'node:child_process';
import { Parser, type Result } from 'tap-parser';

// The suites' runner. tap's own runner starts every test process with the module hook of its
// coverage tracker (@tapjs/processinfo), which is sent every module the process loads and measures
// its lines, coverage on or off: 1.5 s of CPU per test process, more than a small suite's tests.
// Each suite is a plain Node program (a tap test file prints TAP), so this runs them itself,
// `jobs` at a time, and reports them as tap's runner did: each file's TAP indented under
// `# Subtest: <file>`, then `ok N - <file> # time=…ms`, and a closing `# { total, pass, fail }`.

export interface SuiteRun {
  code: number;
  /** Assertions passed and failed, subtests' own closing points not counted (as tap counts them). */
  pass: number;
  fail: number;
}

export interface LaneRun extends SuiteRun {
  /** How long each file took, in milliseconds, by the path it was given as. */
  durations: Record<string, number>;
}

interface SuiteResult extends SuiteRun {
  output: string;
  ms: number;
}

/** Leaf assertions of a TAP stream, at every depth of subtests. */
function countAssertions(parser: Parser, counts: { pass: number; fail: number }): void {
  parser.on('assert', (r: Result) => {
    if (r.closingTestPoint) return;
    if (r.ok) counts.pass += 1;
    else counts.fail += 1;
  });
  parser.on('child', (child: Parser) => countAssertions(child, counts));
}

/** How long after tap's own timeout the runner stops a suite: tap's report comes first. */
const backstopMargin = (timeoutMs: number) => Math.min(10_000, timeoutMs / 2);

/** How long a suite stopped by the runner has to print its report and exit before it is killed. */
const killGrace = 10_000;

function runSuite(file: string, env: NodeJS.ProcessEnv, cwd: string, timeoutMs: number): Promise<SuiteResult> {
  const started = Date.now();
  const counts = { pass: 0, fail: 0 };
  // Set when the stream ends: false for a failure, an unmet plan or a bail out.
  let finalOk: boolean | null = null;
  const parser = new Parser((final) => {
    finalOk = final.ok;
  });
  countAssertions(parser, counts);
  const out: string[] = [];
  const err: string[] = [];
  return new Promise((resolve) => {
    // tap's own timeout in the suite (30 s unless told): it reports where the suite was waiting.
    const childEnv = { ...env, TAP_TIMEOUT: String(timeoutMs / 1000) };
    // TEST_NODE_ARGS adds Node options to every suite's process (`--cpu-prof`, which NODE_OPTIONS refuses).
    const nodeArgs = process.env.TEST_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, file], {
      cwd,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out.push(chunk);
      parser.write(chunk);
    });
    child.stderr.on('data', (chunk: string) => err.push(chunk));
    let timedOut = false;
    // The backstop, for a suite whose event loop is too blocked to time itself out. tap's clock
    // starts when the suite has loaded tap, which on a loaded machine can be seconds after the
    // spawn: the runner's clock starts again at the suite's first output (tap writes none before
    // its clock runs), so the margin does not shrink with the load. The suite is stopped with
    // SIGALRM, tap's own timeout signal: a suite that can still run its event loop reports where
    // it was waiting and exits; one that cannot is killed after a grace.
    const stopAfter = timeoutMs + backstopMargin(timeoutMs);
    let clockFrom: 'it started' | 'its first output' = 'it started';
    const stop = () => {
      timedOut = true;
      child.kill('SIGALRM');
      setTimeout(() => child.kill('SIGKILL'), killGrace).unref();
    };
    let timer = setTimeout(stop, stopAfter);
    child.stdout.once('data', () => {
      if (timedOut) return;
      clearTimeout(timer);
      clockFrom = 'its first output';
      timer = setTimeout(stop, stopAfter);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      parser.end();
      const notes: string[] = [];
      if (err.length)
        notes.push(
          ...err
            .join('')
            .trimEnd()
            .split('\n')
            .map((l) => `# ${l}`),
        );
      if (timedOut) notes.push(`# stopped ${stopAfter / 1000} s after ${clockFrom}`);
      // A process that failed without a failing assertion (a crash, a timeout, an unfinished
      // plan) is one failure.
      const failed = code !== 0 || timedOut || finalOk !== true;
      const fail = failed && counts.fail === 0 ? 1 : counts.fail;
      if (failed && code !== 0) notes.push(`# exited with ${code ?? signal}`);
      resolve({ code: failed ? code || 1 : 0, pass: counts.pass, fail, output: [out.join('').trimEnd(), ...notes].join('\n'), ms: Date.now() - started });
    });
  });
}

/** Runs the files (`jobs` at a time) and prints their TAP as it completes; the totals at the end. */
export async function runSuites(
  files: string[],
  env: NodeJS.ProcessEnv,
  opts: { cwd: string; jobs: number; timeoutMs: number; write?: (text: string) => void },
): Promise<LaneRun> {
  const write = opts.write ?? ((text: string) => process.stdout.write(text));
  const totals = { code: 0, pass: 0, fail: 0, durations: {} as Record<string, number> };
  const started = Date.now();
  let next = 0;
  let reported = 0;
  write('TAP version 14\n');
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const r = await runSuite(file, env, opts.cwd, opts.timeoutMs);
      reported += 1;
      totals.durations[file] = r.ms;
      totals.pass += r.pass;
      totals.fail += r.fail;
      if (r.code !== 0) totals.code = r.code;
      const body = r.output
        .split('\n')
        .map((l) => (l ? `    ${l}` : l))
        .join('\n');
      write(`# Subtest: ${file}\n${body}\n${r.code === 0 ? 'ok' : 'not ok'} ${reported} - ${file} # time=${r.ms}ms\n\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.jobs, files.length) }, worker));
  write(`1..${files.length}\n# { total: ${totals.pass + totals.fail}, pass: ${totals.pass}, fail: ${totals.fail} }\n# time=${Date.now() - started}ms\n`);
  return totals;
}
