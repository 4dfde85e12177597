// One of the precompress plugin's workers (precompress.ts): writes `<file>.gz` beside each file it
// is handed, compressed by Zopfli.
import { readFileSync, writeFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { gzipAsync } from '@gfx/zopfli';

for (const file of workerData.files) {
  writeFileSync(`${file}.gz`, await gzipAsync(readFileSync(file), { numiterations: workerData.iterations }));
}
