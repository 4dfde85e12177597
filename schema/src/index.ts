import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// SDL lives in schema/sdl, one file per domain; this reads it from source and from dist alike.
const sdlDir = fileURLToPath(new URL('../sdl/', import.meta.url));

export const domains = readdirSync(sdlDir)
  .filter((f) => f.endsWith('.graphql'))
  .sort();

export function loadTypeDefs(): string {
  return domains.map((f) => readFileSync(sdlDir + f, 'utf8')).join('\n');
}
