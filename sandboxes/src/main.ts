import { writeFileSync } from 'node:fs';
import { setupsFromEnv, startSandboxes } from './combined.js';

// The sandbox process of `npm start`: all provider sandboxes on one port; the adapter configs
// matching their fresh keys go to PAYMENTS_CONFIG_FILE for the gateway and the workers.
const appUrl = process.env.APP_URL ?? 'http://localhost:3000';
const out = process.env.PAYMENTS_CONFIG_FILE;
if (!out) {
  console.error('PAYMENTS_CONFIG_FILE is required');
  process.exit(78);
}
const sandboxes = await startSandboxes({
  appUrl,
  port: Number(process.env.SANDBOX_PORT ?? 0),
  host: '127.0.0.1',
  timeScale: Number(process.env.SANDBOX_TIME_SCALE ?? 0.01),
  // One merchant setup per provider; the adapter configuration written below matches it.
  setups: setupsFromEnv(process.env),
});
writeFileSync(out, JSON.stringify({ ...sandboxes.adapters, sandboxUrl: sandboxes.url }, null, 2), { mode: 0o600 });
console.log(`payment sandboxes on ${sandboxes.url} (WeChat Pay ${sandboxes.adapters.wechat.setup}, Alipay ${sandboxes.adapters.alipay.setup})`);
const stop = () => void sandboxes.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
