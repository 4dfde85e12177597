import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensurePortFree, portOpen, superviseServer } from './util.js';

export interface RunningMailSink {
  smtpUrl: string;
  webUrl: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * MailDev: an SMTP server that keeps every mail and shows it in a browser (and over REST).
 * `onSpawn` gets its stop as soon as the process exists; a start that fails here stops it itself.
 */
export async function startMailSink(opts: { smtpPort: number; webPort: number; onSpawn?: (stop: () => Promise<void>) => void }): Promise<RunningMailSink> {
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve('maildev/package.json')), 'bin', 'maildev');
  await ensurePortFree(opts.smtpPort, 'mail sink SMTP');
  await ensurePortFree(opts.webPort, 'mail sink web');
  const child = spawn(process.execPath, [bin, '--smtp', String(opts.smtpPort), '--web', String(opts.webPort), '--ip', '127.0.0.1', '--silent'], {
    stdio: 'ignore',
  });
  const stop = await superviseServer(child, {
    name: 'maildev',
    what: 'mail sink',
    ready: async () => (await portOpen(opts.smtpPort)) && (await portOpen(opts.webPort)),
    onSpawn: opts.onSpawn,
  });
  return { smtpUrl: `smtp://127.0.0.1:${opts.smtpPort}`, webUrl: `http://127.0.0.1:${opts.webPort}`, process: child, stop };
}
