/** Where a test file under test/ runs from (absolute paths): test/a/b.test.ts → test-dist/a/b.test.js. */
export function compiledPath(file: string): string;

/** The JavaScript run for one TypeScript file under test/, and the syntax refused (it does not erase). */
export function runnableTest(file: string, text: string, webEntries?: Set<string>): Promise<{ code: string; refused: string[] }>;

/** Writes every file of test/ to test-dist/ as it runs (only those that changed), and the SPA modules they read. */
export function compileTests(): Promise<void>;

export const testDist: string;
