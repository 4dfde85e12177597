import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RawConfig } from '@shop/config';
import { SANDBOX_BANK_ACCOUNT } from '@shop/sandboxes/combined';
import { tempDir } from './tmp.js';

/**
 * What a production start needs besides its secret: a payments configuration a real shop could take
 * money with (a production start refuses bank transfer without an account to pay into).
 */
export function productionEnv(t: { teardown(fn: () => unknown): void }, secret: string, extra: RawConfig = {}): RawConfig {
  const file = path.join(tempDir(t, 'shop-prod-'), 'payments.json');
  writeFileSync(file, JSON.stringify({ bankTransfer: SANDBOX_BANK_ACCOUNT }));
  return { NODE_ENV: 'production', APP_SECRET: secret, ENABLE_TEST_HOOKS: 'false', PAYMENTS_CONFIG_FILE: file, ...extra };
}
