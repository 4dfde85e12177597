export function requireEnv(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the suites through npm test, which starts the test stack`);
  return v;
}
