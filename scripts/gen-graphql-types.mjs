// Derives the GraphQL types of both sides from the SDL in schema/sdl (no network, no server):
// - gateway/src/graphql/schema-types.ts: resolver, argument and loader types (mercurius-codegen),
//   which also type Mercurius' `IResolvers` and `MercuriusLoaders` by module augmentation;
// - web/src/graphql-env.d.ts: the introspection gql.tada types the SPA's documents with;
// - web/schema.graphql: the whole schema in one file, which `gql-tada check` validates them against.
// Both are written only when their text changes, so an unchanged SDL leaves tsc's cache warm.
// `--check` writes nothing and fails when a file is not what the SDL gives (a stale commit).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, introspectionFromSchema, printSchema } from 'graphql';
import { generateCode } from 'mercurius-codegen';
import { minifyIntrospection, outputIntrospectionFile } from '@gql.tada/internal';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sdlDir = path.join(root, 'schema', 'sdl');

export function loadSdl() {
  return readdirSync(sdlDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(path.join(sdlDir, f), 'utf8'))
    .join('\n');
}

const header = '// Generated from schema/sdl by scripts/gen-graphql-types.mjs; do not edit (run `npm run gen:graphql`).\n';

/** The three texts for an SDL, by role (a test feeds it a changed SDL). */
export async function generateTexts(sdl = loadSdl()) {
  const schema = buildSchema(sdl);
  const resolvers = await generateCode(
    schema,
    {
      // The context every resolver gets is the gateway's own (see context.ts).
      contextType: './context.js#ShopContext',
      // Input objects arrive as plain objects; enum values as their names.
      enumsAsTypes: true,
      avoidOptionals: false,
    },
    undefined,
    true,
  );
  const introspection = outputIntrospectionFile(minifyIntrospection(introspectionFromSchema(schema)), { fileType: '.d.ts' });
  return {
    resolvers: `${header}/* eslint-disable */\n${resolvers}`,
    introspection: `${header}${introspection}`,
    schema: `# Generated from schema/sdl by scripts/gen-graphql-types.mjs; do not edit.\n${printSchema(schema)}\n`,
  };
}

export async function generate(sdl = loadSdl()) {
  const t = await generateTexts(sdl);
  return {
    [path.join(root, 'gateway', 'src', 'graphql', 'schema-types.ts')]: t.resolvers,
    [path.join(root, 'web', 'src', 'graphql-env.d.ts')]: t.introspection,
    [path.join(root, 'web', 'schema.graphql')]: t.schema,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const [file, text] of Object.entries(await generate())) {
    const now = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (now === text) continue;
    stale.push(path.relative(root, file));
    if (!check) writeFileSync(file, text);
  }
  if (check && stale.length) {
    console.error(
      `generated GraphQL types that are not what schema/sdl gives: ${stale.join(', ')}\n` + 'run `npm run gen:graphql` and commit the files it writes',
    );
    process.exit(1);
  }
  if (!check && stale.length) console.log(`GraphQL types written: ${stale.join(', ')}`);
}
