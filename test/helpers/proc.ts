import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

// What a command left running, found through /proc (Linux). A process it starts is one of:
// - in its process group (spawned with `detached`, the command leads a group of its own), which
//   no process leaves unless it asks to;
// - or holds the variable set only for that command in its environment, which every process it
//   starts inherits, whatever session, user or parent it ends up with (but a process that rewrites
//   its title over its environment, as redis-server does, no longer shows it);
// - or descends from one of those (PostgreSQL's backends take sessions of their own and rewrite
//   their titles, but are children of the postmaster).

export interface ProcessInfo {
  pid: number;
  command: string;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // ended while being listed, or not ours to read
  }
}

/** The processes of a command started as the leader of process group `group` with `name=value` in its environment. */
export function processesOf(group: number, name: string, value: string): ProcessInfo[] {
  const entry = `${name}=${value}`;
  const all = new Map<number, { ppid: number; pgrp: number; environ: string; command: string }>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    const stat = read(`/proc/${pid}/stat`);
    if (stat === null) continue;
    // Another user's environment is not readable (without root): its group and parent still count.
    const environ = read(`/proc/${pid}/environ`) ?? '';
    const cmdline = read(`/proc/${pid}/cmdline`) ?? '';
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses.
    const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    all.set(Number(pid), { ppid: Number(ppid), pgrp: Number(pgrp), environ, command: cmdline.split('\0').join(' ').trim() });
  }
  const found = new Set([...all].filter(([, p]) => p.pgrp === group || p.environ.split('\0').includes(entry)).map(([pid]) => pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, p] of all) {
      if (!found.has(pid) && found.has(p.ppid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found].sort((a, b) => a - b).map((pid) => ({ pid, command: all.get(pid)!.command }));
}

/** The TCP ports these processes listen on (IPv4 and IPv6), sorted. */
export function listeningPorts(pids: number[]): number[] {
  const listening = new Map<string, number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // sl local_address rem_address st ... inode; state 0A is LISTEN.
      if (cols.length < 10 || cols[3] !== '0A') continue;
      listening.set(cols[9]!, parseInt(cols[1]!.split(':').pop()!, 16));
    }
  }
  const ports = new Set<number>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        const port = inode && listening.get(inode);
        if (port) ports.add(port);
      } catch {
        // closed while being listed
      }
    }
  }
  return [...ports].sort((a, b) => a - b);
}

/**
 * A child process's output (stdout and stderr as they arrive) and its exit, to wait on. `exited`
 * settles when the process exits; its last lines may still be on their way (and processes it
 * started may hold the same pipes open), so wait for them with `printed`.
 */
export function watchOutput(child: ChildProcess) {
  let out = '';
  let closed: string | null = null;
  const waiting: Array<() => void> = [];
  const wake = () => {
    for (const w of waiting.splice(0)) w();
  };
  const onOutput = (d: Buffer) => {
    out += d.toString();
    wake();
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // 'close': the process has exited and every writer of its pipes has closed them, so the output is complete.
  child.once('close', (code, signal) => {
    closed = String(code ?? signal);
    wake();
  });
  return {
    exited,
    output: () => out,
    /** Resolves once the output matches; fails once the output is complete without it. No deadline of its own: tap's timeout is the bound. */
    printed: async (pattern: RegExp): Promise<void> => {
      while (!pattern.test(out)) {
        if (closed) throw new Error(`exited (${closed}) without printing ${pattern}:\n${out}`);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
  };
}
