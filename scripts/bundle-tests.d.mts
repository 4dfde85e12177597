/** test-bundle/: each run's bundle of the suites, in a folder of its own. */
export const bundlesDir: string;

/** Where the bundle of the suite compiled to `compiled` (test-dist/a/b.test.js) lands in the bundle `dir`. */
export function bundledPath(dir: string, compiled: string, from?: string): string;

/** Bundles the compiled suites (absolute paths under `from`, test-dist/) into a folder of this run's; `remove()` deletes it. */
export function bundleTests(compiled: string[], from?: string): Promise<{ dir: string; remove: () => void }>;

/** Removes the bundles of runs whose process is gone. */
export function removeStaleBundles(): void;
