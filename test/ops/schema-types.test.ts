// GraphQL types from the SDL: a resolver or an SPA document that does not fit the schema
// fails the type check, naming the field, and so does code that fitted once the SDL changes under it.
// Each case is a small project in a temporary folder of the repository (so it resolves the
// installed packages), type-checked by the real tools: TypeScript's compiler for resolvers, `gql-tada check` for
// documents. The generated files of the repository must also be what the SDL gives today, and
// `npm test` refuses stale ones before it builds anything (it checks them, never rewrites them).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import ts from 'typescript';
import { tempDir } from '../helpers/tmp.js';
// @ts-expect-error the generator is a plain .mjs script without declarations
import { generateTexts, loadSdl } from '../../scripts/gen-graphql-types.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const gqlTada = path.join(root, 'node_modules', 'gql.tada', 'bin', 'cli.js');

interface Texts {
  resolvers: string;
  introspection: string;
  schema: string;
}
const generate = generateTexts as (sdl?: string) => Promise<Texts>;
const sdl = (loadSdl as () => string)();

// Two edits of the SDL under code that fitted it: Book.title becomes a number, or is renamed.
const changedSdl = sdl.replace(/(type Book \{[^}]*?\n\s*)title: String!/, '$1title: Int!');
const renamedSdl = sdl.replace(/(type Book \{[^}]*?\n\s*)title: String!/, '$1heading: String!');

function project(t: Test, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(root, '.schema-types-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [cmd, ...args], { cwd, encoding: 'utf8' });
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
}

// The declarations every case reads (TypeScript's lib, mercurius, fastify, gql.tada), parsed once:
// the compiler in this process, not a tsc process per case, and each program its own type checker.
const parsedOutside = new Map<string, ts.SourceFile>();

/** `tsc -p <dir>/tsconfig.json`, in this process: its diagnostics as tsc prints them. */
function typeCheck(dir: string) {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error(`${dir}/tsconfig.json could not be read`);
  const host = ts.createCompilerHost(config.options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, fresh) => {
    if (fileName.startsWith(dir + path.sep)) return read(fileName, language, onError, fresh);
    let file = parsedOutside.get(fileName);
    if (!file) {
      file = read(fileName, language, onError, fresh);
      if (file) parsedOutside.set(fileName, file);
    }
    return file;
  };
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  return { ok: diagnostics.length === 0, out: ts.formatDiagnostics(diagnostics, host) };
}

const compilerOptions = { strict: true, noEmit: true, module: 'ESNext', moduleResolution: 'Bundler', target: 'ES2022', skipLibCheck: true, types: [] };

// A resolver module as the gateway writes them: `IResolvers` typed by the generated file.
const rightResolver = `import type { IResolvers } from 'mercurius';
export const resolvers: IResolvers = {
  Query: { books: async (_root, args) => [{ id: '1', title: args.language === 'zh' ? '标准' : 'Standard' }] },
};
`;
const wrongResolver = `import type { IResolvers } from 'mercurius';
export const resolvers: IResolvers = {
  Query: { books: async () => [{ id: '1', title: 42 }] },
};
`;

async function checkResolver(t: Test, schemaSdl: string, resolver: string) {
  const { resolvers } = await generate(schemaSdl);
  const dir = project(t, {
    'tsconfig.json': JSON.stringify({ compilerOptions, files: ['schema-types.ts', 'resolvers.ts'] }),
    'context.ts': 'export interface ShopContext { locale: string }\n',
    'schema-types.ts': resolvers,
    'resolvers.ts': resolver,
  });
  return typeCheck(dir);
}

// An SPA document as the SPA writes them with gql.tada.
const rightQuery = "import { graphql } from 'gql.tada';\nexport const BOOKS = graphql(`query Books { books { id title } }`);\n";
const wrongQuery = "import { graphql } from 'gql.tada';\nexport const BOOKS = graphql(`query Books { books { id titel } }`);\n";

async function checkQuery(t: Test, schemaSdl: string, query: string) {
  const { introspection, schema } = await generate(schemaSdl);
  const tsconfig = {
    compilerOptions: { ...compilerOptions, plugins: [{ name: 'gql.tada/ts-plugin', schema: './schema.graphql', tadaOutputLocation: './graphql-env.d.ts' }] },
    files: ['query.ts', 'graphql-env.d.ts'],
  };
  const dir = project(t, { 'tsconfig.json': JSON.stringify(tsconfig), 'schema.graphql': schema, 'graphql-env.d.ts': introspection, 'query.ts': query });
  const checked = run(gqlTada, ['check'], dir);
  // A document gql-tada refuses fails whatever tsc says: tsc runs only for one it accepts.
  if (!checked.ok) return checked;
  const typed = typeCheck(dir);
  return { ok: typed.ok, out: checked.out + typed.out };
}

t.test('the edited SDLs really change Book.title', async (t) => {
  t.match(changedSdl, /type Book \{[^}]*title: Int!/);
  t.match(renamedSdl, /type Book \{[^}]*heading: String!/);
});

t.test('the committed GraphQL types are what the SDL gives', async (t) => {
  const r = run(path.join(root, 'scripts', 'gen-graphql-types.mjs'), ['--check'], root);
  t.ok(r.ok, r.out);
});

const GENERATED = ['gateway/src/graphql/schema-types.ts', 'web/src/graphql-env.d.ts', 'web/schema.graphql'];

/**
 * A copy of what `npm test` reads before it builds (its scripts, the SDL, the generated files), in
 * a temporary folder outside the repository, as the bootstrap sees an installed tree: the real tree
 * is never touched. (Outside, because the generator formats with the Prettier settings it finds
 * from the folder it runs in upwards, which inside the repository would be the project's own.)
 */
function testRunCopy(t: Test): string {
  const dir = tempDir(t, 'shop-gen-check-');
  const copy = (file: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(dir, file));
  };
  for (const f of ['scripts/test.mjs', 'scripts/bootstrap.mjs', 'scripts/compile-tests.mjs', 'scripts/gen-graphql-types.mjs', ...GENERATED]) copy(f);
  for (const f of readdirSync(path.join(root, 'schema', 'sdl'))) copy(`schema/sdl/${f}`);
  // Installed as far as the bootstrap can tell (its lockfile's stamp), the packages linked one by one
  // into a folder of the copy's own, so nothing it writes there reaches the real node_modules.
  const lock = '{}\n';
  writeFileSync(path.join(dir, 'package-lock.json'), lock);
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(path.join(root, 'node_modules')).filter((n) => !n.startsWith('.')))
    symlinkSync(path.join(root, 'node_modules', name), path.join(modules, name));
  writeFileSync(path.join(modules, '.shop-install-stamp'), createHash('sha256').update(lock).digest('hex'));
  return dir;
}

const snapshot = (dir: string) => Object.fromEntries(GENERATED.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));

t.test('npm test refuses an SDL change committed without its generated types, before anything rewrites them', async (t) => {
  const dir = testRunCopy(t);
  const sdlDir = path.join(dir, 'schema', 'sdl');
  const bookFile = readdirSync(sdlDir).find((f) => /type Book \{/.test(readFileSync(path.join(sdlDir, f), 'utf8')))!;
  const bookSdl = readFileSync(path.join(sdlDir, bookFile), 'utf8');
  writeFileSync(path.join(sdlDir, bookFile), bookSdl.replace(/(type Book \{[^}]*?\n\s*)title: String!/, '$1title: Int!'));
  t.not(readFileSync(path.join(sdlDir, bookFile), 'utf8'), bookSdl, 'the copy of the SDL was edited');
  const before = snapshot(dir);
  const r = run(path.join(dir, 'scripts', 'test.mjs'), ['test/ops/readme.test.ts'], dir);
  t.notOk(r.ok, 'the run fails');
  for (const f of GENERATED) t.match(r.out, f, `names ${f}`);
  t.match(r.out, 'run `npm run gen:graphql` and commit the files it writes', 'says how to mend it');
  t.same(snapshot(dir), before, 'the generated files are left as they were');
});

t.test('npm test refuses a generated file edited by hand, naming only that one', async (t) => {
  const dir = testRunCopy(t);
  const edited = 'web/schema.graphql';
  writeFileSync(path.join(dir, edited), readFileSync(path.join(dir, edited), 'utf8').replace(/\btitle: String!/, 'title: String'));
  const before = snapshot(dir);
  t.not(before[edited], readFileSync(path.join(root, edited), 'utf8'), 'the copy was edited');
  const r = run(path.join(dir, 'scripts', 'test.mjs'), ['test/ops/readme.test.ts'], dir);
  t.notOk(r.ok, 'the run fails');
  t.match(r.out, /generated GraphQL types that are not what schema\/sdl gives: web\/schema\.graphql\n/);
  t.same(snapshot(dir), before, 'nothing is rewritten');
});

t.test('resolvers: tsc accepts one that fits the schema and rejects a wrong shape, naming the field', async (t) => {
  const right = await checkResolver(t, sdl, rightResolver);
  t.ok(right.ok, right.out);
  const wrong = await checkResolver(t, sdl, wrongResolver);
  t.notOk(wrong.ok, 'a number where the SDL says String fails');
  t.match(wrong.out, /'title'/);
  const afterChange = await checkResolver(t, changedSdl, rightResolver);
  t.notOk(afterChange.ok, 'the resolver that fitted fails once the SDL changes the field');
  t.match(afterChange.out, /'title'/);
});

t.test('SPA documents: gql-tada accepts one that fits the schema and rejects an unknown field, naming it', async (t) => {
  const right = await checkQuery(t, sdl, rightQuery);
  t.ok(right.ok, right.out);
  const wrong = await checkQuery(t, sdl, wrongQuery);
  t.notOk(wrong.ok, 'an unknown field fails');
  t.match(wrong.out, /Cannot query field "titel" on type "Book"/);
  const afterRename = await checkQuery(t, renamedSdl, rightQuery);
  t.notOk(afterRename.ok, 'the document that fitted fails once the SDL renames the field');
  t.match(afterRename.out, /Cannot query field "title" on type "Book"/);
});

t.test('the SPA writes every document with the checked graphql() and types none by hand', async (t) => {
  const src = path.join(root, 'web', 'src');
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  const documents = files.filter((f) => /\bgraphql\(\s*`/.test(readFileSync(path.join(src, f), 'utf8')));
  t.ok(documents.length >= 10, `documents in ${documents.length} files`);
  const handTyped = files.filter((f) => /TypedDocumentNode|\bgql`|from '@apollo\/client'.*\bgql\b/.test(readFileSync(path.join(src, f), 'utf8')));
  t.same(handTyped, [], 'no hand-typed or unchecked documents');
});
