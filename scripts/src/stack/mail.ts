import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { portOpen, waitFor } from './util.js';

export interface RunningMailSink {
  smtpUrl: string;
  webUrl: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** MailDev: an SMTP server that keeps every mail and shows it in a browser (and over REST). */
export async function startMailSink(opts: { smtpPort: number; webPort: number }): Promise<RunningMailSink> {
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve('maildev/package.json')), 'bin', 'maildev');
  const child = spawn(process.execPath, [bin, '--smtp', String(opts.smtpPort), '--web', String(opts.webPort), '--ip', '127.0.0.1', '--silent'], {
    stdio: 'ignore',
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitFor('mail sink', async () => !exited && (await portOpen(opts.smtpPort)) && (await portOpen(opts.webPort)), 20_000);
  return {
    smtpUrl: `smtp://127.0.0.1:${opts.smtpPort}`,
    webUrl: `http://127.0.0.1:${opts.webPort}`,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
