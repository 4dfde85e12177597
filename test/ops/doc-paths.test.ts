// Paths named in the docs and in source comments exist. Every tracked markdown file, and every
// comment of the tracked TypeScript and JavaScript sources, is read for repository paths: a token
// that starts with one of the repository's top-level folders (`core/src/checkout.ts`,
// `web/vite-plugins/`), a backticked relative path with a file extension (in web/README.md,
// src/lib/i18n.ts names web/src/lib/i18n.ts: resolved against the file's folder, its package, the
// package's src/ and the repository root) and a markdown link's target.
// Globs, placeholders, URLs and what only a build, a run or a deployment writes are not paths of
// the repository and are left alone. A renamed or moved file then fails here with every stale
// reference to it, file:line.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';

const root = path.resolve(import.meta.dirname, '../..');

/** The repository's top-level folders a bare path may start with. */
const TOP_LEVEL = ['config', 'content', 'core', 'db', 'docs', 'gateway', 'jobs', 'payments', 'sandboxes', 'schema', 'scripts', 'test', 'web', 'workers'];
/** Folders only a build, a test run, a bench or a deployment writes: named in docs, never tracked. */
const NOT_TRACKED = new Set([
  'dist',
  'dist-ssr',
  'dist-ssr-tmp',
  'test-dist',
  'test-bundle',
  'test-artifacts',
  '.build',
  '.data',
  'bench-results',
  'node_modules',
  'secrets',
  '.tap',
  '.cache',
]);
/** The extensions that make a backticked relative token a file path. */
const EXTENSIONS = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx|json|md|graphql|ya?ml|sql|html|css|svg|png|pdf|sh|txt)$/;
const SOURCE = /\.(?:ts|tsx|mjs|cjs|js)$/;
const SKIPPED_SOURCE = /(?:^|\/)(?:node_modules|dist|generated)\//;

export interface PathRef {
  line: number;
  /** The path as written. */
  ref: string;
  /** The file paths it may stand for, relative to the repository root; it is fine when one exists. */
  candidates: string[];
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d` (one level of braces per group, as the docs write them). */
export function expandBraces(s: string): string[] {
  const m = /\{([^{}]*)\}/.exec(s);
  if (!m) return [s];
  return m[1]!.split(',').flatMap((part) => expandBraces(s.slice(0, m.index) + part + s.slice(m.index + m[0].length)));
}

const topLevel = new RegExp(`(?<![\\w./@$~-])(?:${TOP_LEVEL.join('|')})/(?:[\\w.-]|\\{[\\w.,-]*\\}|/)*`, 'g');
const backticked = /`([^`\s]+)`/g;
const mdLink = /\]\(([^)\s]+)\)/g;

function untrackedOrPattern(ref: string, next: string): boolean {
  if (/[*<>$…]|\.\.\.|\{\}/.test(ref) || /^[*<$…{]/.test(next) || next.startsWith('...')) return true;
  return ref.split('/').some((segment) => NOT_TRACKED.has(segment));
}

/** Strips what follows a path in prose: a line number, an anchor, a sentence's full stop. */
function trimRef(ref: string): string {
  return ref
    .replace(/#.*$/, '')
    .replace(/:\d+(?::\d+)?$/, '')
    .replace(/[.,;:]+$/, '');
}

/**
 * The repository paths one text names, line by line. `file` is the path of the text relative to the
 * root; relative references are resolved against its folder, its package's folder and its `src/`,
 * then the root.
 */
export function pathRefs(file: string, lines: readonly { line: number; text: string }[]): PathRef[] {
  const doc = file.endsWith('.md');
  const dir = path.posix.dirname(file);
  const pkg = file.includes('/') ? file.split('/')[0]! : '.';
  const bases = [...new Set([dir, pkg, `${pkg}/src`, '.'])];
  const out: PathRef[] = [];
  for (const { line, text } of lines) {
    const seen = new Set<string>();
    const add = (ref: string, candidates: string[]) => {
      const key = `${ref}\u0000${candidates.join('|')}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ line, ref, candidates: candidates.map((c) => path.posix.normalize(c)) });
    };
    const isUrlAt = (index: number) =>
      /[a-z][\w+.-]*:\/\/\S*$/i.test(text.slice(0, index)) || /(?:^|[\s(`'"])[\w-]+(?:\.[\w-]+)+\/\S*$/.test(text.slice(0, index));
    for (const m of text.matchAll(topLevel)) {
      const next = text.slice(m.index + m[0].length);
      if (isUrlAt(m.index)) continue;
      const ref = trimRef(m[0]);
      if (untrackedOrPattern(ref, next)) continue;
      const segments = ref.replace(/\/$/, '').split('/');
      const quoted = text[m.index - 1] === '`';
      // In prose a slash may join two words; a path has an extension, a trailing slash or depth.
      if (!quoted && !ref.endsWith('/') && segments.length < 3 && !EXTENSIONS.test(ref)) continue;
      for (const one of expandBraces(ref)) add(one, [one]);
    }
    for (const m of text.matchAll(backticked)) {
      const token = m[1]!;
      if (/^[a-z][\w+.-]*:/i.test(token) || token.startsWith('/') || token.startsWith('~')) continue;
      const ref = trimRef(token.replace(/^\.\//, ''));
      // In a source comment `../x.js` is an import as some other file writes it.
      if (ref.startsWith('../') && !doc) continue;
      if (!ref.includes('/') || !EXTENSIONS.test(ref) || untrackedOrPattern(ref, '')) continue;
      if (new RegExp(`^(?:${TOP_LEVEL.join('|')})/`).test(ref)) continue; // read above
      // A host name (`api.example.com/x.json`) is not a path of the repository.
      if (/^[\w-]+(?:\.[\w-]+)+\//.test(ref) && !ref.startsWith('.')) continue;
      for (const one of expandBraces(ref)) add(one, ref.startsWith('../') ? [path.posix.join(dir, one)] : bases.map((b) => path.posix.join(b, one)));
    }
    if (doc) {
      for (const m of text.matchAll(mdLink)) {
        const target = trimRef(m[1]!.replace(/^<|>$/g, ''));
        if (!target || /^[a-z][\w+.-]*:/i.test(target) || target.startsWith('/') || untrackedOrPattern(target, '')) continue;
        add(target, [path.posix.join(dir, target)]);
      }
    }
  }
  return out;
}

/**
 * The comments of a TypeScript or JavaScript source, line by line, with everything else blanked: a
 * small scanner for strings, template literals (with their `${}`), regular expressions and comments.
 * A quote right after a letter is an apostrophe in JSX text, never the start of a string.
 */
export function commentLines(source: string): { line: number; text: string }[] {
  const out: string[] = [];
  let i = 0;
  let prev = ''; // the last significant character of code
  let prevWord = '';
  const templates: number[] = []; // brace depth at each open `${`
  let depth = 0;
  const n = source.length;
  const keep = (from: number, to: number) => {
    out.push(source.slice(from, to));
  };
  const blank = (from: number, to: number) => {
    out.push(source.slice(from, to).replace(/[^\n]/g, ' '));
  };
  const regexAllowed = () =>
    prev === '' ||
    '(,=:[!&|?{};+-*%>~^'.includes(prev) ||
    ['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'void', 'yield', 'await', 'delete', 'instanceof', 'new', 'throw'].includes(prevWord);
  const scanTemplate = (start: number): number => {
    // from after a backtick or a closing `}` of `${`, to the closing backtick (exclusive) or `${`
    let j = start;
    while (j < n) {
      const c = source[j];
      if (c === '\\') j += 2;
      else if (c === '`') return j;
      else if (c === '$' && source[j + 1] === '{') return j;
      else j += 1;
    }
    return n;
  };
  while (i < n) {
    const c = source[i]!;
    const d = source[i + 1];
    if (c === '/' && d === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      keep(i, stop);
      i = stop;
    } else if (c === '/' && d === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      keep(i, stop);
      i = stop;
    } else if ((c === "'" || c === '"') && !/[A-Za-z0-9]/.test(source[i - 1] ?? '')) {
      let j = i + 1;
      while (j < n && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      blank(i, Math.min(j + 1, n));
      i = j + 1;
      prev = c;
      prevWord = '';
    } else if (c === '`' || (c === '}' && templates.length && templates[templates.length - 1] === depth)) {
      if (c === '}') templates.pop();
      const j = scanTemplate(i + 1);
      if (source[j] === '$') {
        templates.push(depth);
        blank(i, j + 2);
        i = j + 2;
        prev = '{';
      } else {
        blank(i, Math.min(j + 1, n));
        i = j + 1;
        prev = '`';
      }
      prevWord = '';
    } else if (c === '/' && regexAllowed()) {
      let j = i + 1;
      let inClass = false;
      while (j < n && source[j] !== '\n') {
        const x = source[j];
        if (x === '\\') j += 2;
        else if (x === '/' && !inClass) break;
        else {
          if (x === '[') inClass = true;
          else if (x === ']') inClass = false;
          j += 1;
        }
      }
      j += 1;
      while (j < n && /[a-z]/.test(source[j]!)) j += 1;
      blank(i, j);
      i = j;
      prev = '/';
      prevWord = '';
    } else {
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      if (/\s/.test(c)) {
        out.push(c === '\n' ? '\n' : ' ');
        i += 1;
        continue;
      }
      if (/[\w$]/.test(c)) {
        let j = i;
        while (j < n && /[\w$]/.test(source[j]!)) j += 1;
        prevWord = source.slice(i, j);
        prev = source[j - 1]!;
        blank(i, j);
        i = j;
        continue;
      }
      prev = c;
      prevWord = '';
      blank(i, i + 1);
      i += 1;
    }
  }
  return out
    .join('')
    .split('\n')
    .map((text, k) => ({ line: k + 1, text }))
    .filter((l) => l.text.trim());
}

/** The markdown lines of a doc, as they are. */
function docLines(text: string): { line: number; text: string }[] {
  return text.split('\n').map((line, k) => ({ line: k + 1, text: line }));
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
}

/** Is `ref` (relative to the root) a tracked file or folder, or a module named without its extension? */
export function exists(tracked: ReadonlySet<string>, folders: ReadonlySet<string>, ref: string): boolean {
  const p = ref.replace(/\/$/, '');
  if (p === '.' || tracked.has(p) || folders.has(p)) return true;
  // An import path names `x.js` for the source `x.ts`; a module may be named without its extension.
  const stem = p.replace(/\.(?:js|mjs|cjs|jsx)$/, '');
  return ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '/index.ts', '/index.tsx', '.d.ts'].some((ext) => tracked.has(stem + ext));
}

export function brokenRefs(files: readonly string[], read: (file: string) => string): string[] {
  const tracked = new Set(files);
  const folders = new Set<string>();
  for (const f of files) for (let k = f.indexOf('/'); k !== -1; k = f.indexOf('/', k + 1)) folders.add(f.slice(0, k));
  const broken: string[] = [];
  for (const file of files) {
    let lines: { line: number; text: string }[];
    if (file.endsWith('.md')) lines = docLines(read(file));
    else if (SOURCE.test(file) && !SKIPPED_SOURCE.test(file)) lines = commentLines(read(file));
    else continue;
    for (const r of pathRefs(file, lines)) if (!r.candidates.some((c) => exists(tracked, folders, c))) broken.push(`${file}:${r.line}: ${r.ref}`);
  }
  return broken;
}

t.test('the scanner finds paths in prose and comments, and only paths', async (t) => {
  const files = [
    'core/src/checkout.ts',
    'web/src/lib/i18n.ts',
    'web/README.md',
    'README.md',
    'docs/a.md',
    'content/legal/en/terms.md',
    'content/legal/zh/terms.md',
    'gateway/src/app.ts',
  ];
  const docs: Record<string, string> = {
    'README.md': [
      'The checkout (`core/src/checkout.ts`) and `core/src/no-such-file.ts`; see [the guide](docs/a.md) and [gone](docs/gone.md).',
      'Globs and placeholders: `test/payflow/*.test.ts`, web/src/features/<name>/, `web/src/locales/*/x.ts`.',
      'Build outputs: `web/dist/index.html`, `test-artifacts/web/trust-x.png`, `.data/postgres`, `bench-results/bench.json`.',
      'URLs: <https://example.org/core/src/nothing.ts>, `open.weixin.qq.com/connect/oauth2/authorize`, http://localhost:3000/shop/index.',
      'Words: the gateway/workers pair; content/legal/{en,zh}/terms.md and content/legal/{en,xx}/terms.md.',
      'Modules: core/src/checkout.js and `core/src/checkout`; a sentence ends at gateway/src/app.ts.',
    ].join('\n'),
    'web/README.md': '`src/lib/i18n.ts`, `src/lib/missing.ts`, `lib/i18n.ts` and [root](../README.md).',
    'docs/a.md': 'Back to [the README](../README.md), to [nowhere](../nowhere.md).',
    'gateway/src/app.ts': [
      "const s = 'core/src/not-a-comment.ts'; // the checkout lives in core/src/checkout.ts",
      'const r = /core\\/src\\/x.ts/; /* and core/src/missing-in-block.ts */',
      'const u = `core/src/template.ts ${x /* core/src/in-template.ts */}`; // web/src/lib/i18n.ts',
      "const jsx = <p>Don't mind core/src/jsx-text.ts</p>; // core/src/after-jsx.ts",
      'const rel = 1; // a suite imports `../../core/src/anything.js`, relative to itself',
    ].join('\n'),
  };
  const broken = brokenRefs(files, (f) => docs[f] ?? '');
  t.same(broken, [
    'web/README.md:1: src/lib/missing.ts',
    'README.md:1: core/src/no-such-file.ts',
    'README.md:1: docs/gone.md',
    'README.md:5: content/legal/xx/terms.md',
    'docs/a.md:1: ../nowhere.md',
    'gateway/src/app.ts:2: core/src/missing-in-block.ts',
    'gateway/src/app.ts:3: core/src/in-template.ts',
    'gateway/src/app.ts:4: core/src/after-jsx.ts',
  ]);
});

t.test('every path a doc or a source comment names exists', async (t) => {
  const broken = brokenRefs(trackedFiles(), (f) => readFileSync(path.join(root, f), 'utf8'));
  t.same(broken, [], broken.length ? `paths that do not exist:\n${broken.join('\n')}` : 'every named path exists');
});
