import type { Client } from './http.js';
import { latestCode } from './mail.js';

export const PASSWORD = 'Secret123';

/** Fetches a captcha and reads its answer through the dev/test hook. */
export async function solveCaptcha(c: Client): Promise<string> {
  const captcha = await c.get<string>('/api/login/getCode');
  if (captcha.code !== 200 || !captcha.data.startsWith('data:image/svg+xml;base64,')) throw new Error('no captcha image');
  const res = await c.request('GET', '/__test/captcha');
  const { answer } = (await res.json()) as { answer: string };
  return answer;
}

/** The legacy journey of spec section 4: code by mail, confirm, register (which logs in). */
export async function registerLegacy(
  c: Client,
  email: string,
  opts: { language?: 'zh' | 'en'; password?: string; firstName?: string; lastName?: string } = {},
) {
  const sent = await c.form('/api/login/registerGetCode', { email });
  if (sent.code !== 200) throw new Error(`registerGetCode: ${sent.message}`);
  const code = await latestCode(email);
  const confirmed = await c.form('/api/login/confirmVer', { verifycode: code });
  if (confirmed.code !== 200) throw new Error(`confirmVer: ${confirmed.message}`);
  return c.form<Record<string, unknown>>('/api/login/userRegister', {
    email,
    language: opts.language ?? 'en',
    lastName: opts.lastName ?? 'Buyer',
    firstName: opts.firstName ?? 'Test',
    password: opts.password ?? PASSWORD,
    state: '1',
    existingCompany: 'Example GmbH',
    country: '001',
    loginType: '1',
  });
}

export async function loginLegacy(c: Client, account: string, password = PASSWORD) {
  const answer = await solveCaptcha(c);
  const checked = await c.form('/api/login/verifyCode', { verifyCode: answer });
  if (checked.code !== 200) throw new Error(`verifyCode: ${checked.message}`);
  return c.form<Record<string, unknown>>('/api/login/loginOn', { account, password });
}
