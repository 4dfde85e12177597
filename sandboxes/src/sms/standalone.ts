import { startSmsSandbox } from './server.js';

// `node sandboxes/dist/sms/standalone.js`: the SMS sandbox on SMS_SANDBOX_PORT (or a free port).
const sandbox = await startSmsSandbox({ port: Number(process.env.SMS_SANDBOX_PORT ?? 0) });
console.log(`sms sandbox listening at ${sandbox.url} (messages: ${sandbox.url}/messages)`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
