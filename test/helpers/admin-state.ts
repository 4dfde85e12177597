// Payment providers for a gateway in the test's process (startInProcess, buildTestApp): the three
// payment sandboxes listen, the gateway does not, so no provider callback can reach it. A test that
// is about something else than the callback path (operators' views and refusals, authorization,
// limits) gets a paid order the way the notification path settles one: the buyer pays at the
// sandbox with its callback dropped, and core's settleAttempt settles the attempt.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { settleAttempt } from '@shop/core';
import type { CoreDeps } from '@shop/core';
import type { Db } from '@shop/db';
import { generateSandboxCredentials, startSandboxes, type RunningSandboxes, type SandboxCredentials, type SandboxSetups } from '@shop/sandboxes/combined';
import { tempDir } from './tmp.js';

/**
 * Where the in-process gateway says it lives (notify and return URLs, WeChat's authorization
 * domain). Nothing listens there: the discard port refuses a connection at once.
 */
export const IN_PROCESS_PUBLIC_URL = 'http://127.0.0.1:9';

type T = { teardown(fn: () => unknown): void };

let credentials: Promise<SandboxCredentials> | undefined;

/**
 * The run's sandbox keys, from the file the whole-stack tests of the run share (npm test's
 * TEST_TMP_DIR; RSA key pairs are slow to make), else made once for this process.
 */
function runCredentials(): Promise<SandboxCredentials> {
  return (credentials ??= (async () => {
    const dir = process.env.TEST_TMP_DIR;
    if (!dir) return generateSandboxCredentials();
    const file = path.join(dir, 'sandbox-credentials.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as SandboxCredentials;
    const fresh = await generateSandboxCredentials();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(fresh));
    renameSync(partial, file);
    return fresh;
  })());
}

export interface SandboxPayments {
  sandboxes: RunningSandboxes;
  /** What the in-process gateway is started with: the sandboxes as its providers, its public URL. */
  env: { PAYMENTS_CONFIG_FILE: string; PUBLIC_URL: string };
}

/** The WeChat Pay, Alipay and PayPal sandboxes, written as a payments configuration for an in-process gateway. */
export async function sandboxPayments(t: T, opts: { setups?: SandboxSetups } = {}): Promise<SandboxPayments> {
  const sandboxes = await startSandboxes({ appUrl: IN_PROCESS_PUBLIC_URL, timeScale: 0.001, setups: opts.setups, credentials: await runCredentials() });
  t.teardown(() => sandboxes.close());
  const file = path.join(tempDir(t, 'shop-payments-'), 'payments.json');
  writeFileSync(file, JSON.stringify(sandboxes.adapters));
  return { sandboxes, env: { PAYMENTS_CONFIG_FILE: file, PUBLIC_URL: IN_PROCESS_PUBLIC_URL } };
}

async function post(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
}

/**
 * The buyer pays a WeChat Pay attempt at the sandbox, whose callback is dropped (no gateway listens
 * for it); the attempt is then settled through core as the verified notification settles it.
 */
export async function payWechatInProcess(stack: { db: Db; app: { deps: CoreDeps } }, sandboxes: RunningSandboxes, intentId: string): Promise<void> {
  const intent = await stack.db.selectFrom('payment_intents').select(['out_trade_no', 'provider']).where('id', '=', intentId).executeTakeFirstOrThrow();
  if (intent.provider !== 'wechat') throw new Error(`attempt ${intentId} is not a WeChat Pay attempt`);
  await post(`${sandboxes.url}/wechat/_control/orders/${intent.out_trade_no}/pay`, { faults: { drop: true } });
  const settled = await settleAttempt(stack.app.deps, { intentId, source: 'notification' });
  if (!settled.transitioned) throw new Error(`order ${settled.orderNo} was not settled`);
}
