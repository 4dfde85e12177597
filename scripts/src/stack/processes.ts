import { spawn, type ChildProcess } from 'node:child_process';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Starts a Node process of ours; stop() sends SIGTERM and waits for a graceful exit. */
export function startNode(name: string, script: string, env: NodeJS.ProcessEnv, args: string[] = []): ManagedProcess {
  const child = spawn(process.execPath, [...args, script], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    child,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
