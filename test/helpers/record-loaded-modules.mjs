// Preload (`node --import=<this file>`) that records the URL of every ES module the process
// loads, one a line, in the file named by LOADED_MODULES_FILE. The same file serves as the
// module-hooks module: Node runs it again in its hooks thread, where `load` does the recording.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

export async function load(url, context, nextLoad) {
  const out = process.env.LOADED_MODULES_FILE;
  if (out) appendFileSync(out, `${url}\n`);
  return nextLoad(url, context);
}

if (isMainThread) register(import.meta.url);
