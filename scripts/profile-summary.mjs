// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by package, and
// optionally inclusive time, over an optional time window.
//   node scripts/profile-summary.mjs <file.cpuprofile> [top=40] [inclusive]
//   FROM=/TO= seconds since the profile started; NOIDLE=1 leaves idle samples out.
import { readFileSync } from 'node:fs';

const [file, topArg, inclusive] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/profile-summary.mjs <file.cpuprofile> [top] [inclusive]');
  process.exit(2);
}
const prof = JSON.parse(readFileSync(file, 'utf8'));
const top = Number(topArg ?? 40);
const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const from = Number(process.env.FROM ?? 0) * 1e6;
const to = Number(process.env.TO ?? 1e9) * 1e6;

const time = new Map();
let t = prof.startTime;
for (let i = 0; i < prof.samples.length; i++) {
  t += prof.timeDeltas[i];
  const rel = t - prof.startTime;
  if (rel < from || rel > to) continue;
  const id = prof.samples[i];
  if (process.env.NOIDLE && nodes.get(id).callFrame.functionName === '(idle)') continue;
  time.set(id, (time.get(id) ?? 0) + prof.timeDeltas[i]);
}

const short = (url) =>
  url
    .replace(/.*node_modules\//, 'nm/')
    .replace(process.cwd() + '/', '')
    .replace(/^file:\/\//, '');
const key = (n) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const pkg = (n) => {
  const u = n.callFrame.url;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  if (m) return m[1];
  if (u.startsWith('node:')) return `node:${u.slice(5).split('/')[0]}`;
  return u ? short(u).split('/').slice(0, 3).join('/') : n.callFrame.functionName;
};

let total = 0;
const self = new Map();
const byPkg = new Map();
const incl = new Map();
for (const [id, dt] of time) {
  total += dt;
  const n = nodes.get(id);
  self.set(key(n), (self.get(key(n)) ?? 0) + dt);
  byPkg.set(pkg(n), (byPkg.get(pkg(n)) ?? 0) + dt);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = key(nodes.get(cur));
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + dt);
  }
}
const print = (m, title) => {
  console.log(`\n== ${title} (${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
};
print(self, 'self time');
print(byPkg, 'self time by package');
if (inclusive) print(incl, 'inclusive time');
