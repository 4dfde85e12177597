import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { textsByKey, type Texts } from '../helpers/texts.js';

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const EN = textsByKey(en as unknown as Texts);
const ZH = textsByKey(zh as unknown as Texts);

t.test('every key exists in both languages, with text and the same placeholders', async (t) => {
  t.same(
    [...EN.keys()].filter((k) => !ZH.has(k)),
    [],
    'no key missing in zh',
  );
  t.same(
    [...ZH.keys()].filter((k) => !EN.has(k)),
    [],
    'no key missing in en',
  );
  for (const [k, v] of EN) {
    const z = ZH.get(k) ?? '';
    if (!v.trim() || !z.trim()) t.fail(`${k} is empty in ${v.trim() ? 'zh' : 'en'}`);
    t.same(placeholders(z), placeholders(v), `${k}: same placeholders`);
  }
  t.ok(EN.size > 200, `${EN.size} texts per language`);
});

t.test('every t() key used in the SPA exists', async (t) => {
  const root = path.resolve(import.meta.dirname, '../../web/src');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(f) && !p.includes(`${path.sep}locales${path.sep}`)) files.push(p);
    }
  };
  walk(root);
  const used = new Set<string>();
  const prefixes = new Set<string>();
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z][a-zA-Z0-9_.]*)'/g)) used.add(m[1]!);
    // Keys built from a template (t(`orders.statuses.${s}`)) must at least have their prefix.
    for (const m of src.matchAll(/\bt\(\s*`([a-zA-Z0-9_.]+)\.\$\{/g)) prefixes.add(m[1]!);
  }
  t.ok(used.size > 100, `${used.size} literal keys found`);
  t.same(
    [...used].filter((k) => !EN.has(k)),
    [],
    'no literal key is missing',
  );
  for (const p of prefixes)
    t.ok(
      [...EN.keys()].some((k) => k.startsWith(`${p}.`)),
      `keys under ${p}.* exist`,
    );
});

t.test('the spec wording of sections 2, 5 and 8 is used verbatim in English', async (t) => {
  const texts = new Set(EN.values());
  for (const s of [
    'plus applicable VAT',
    'Are you sure you want to sign out?',
    'Please enter email',
    'Please input the correct email address',
    'Password must be filled',
    'Verification code must be filled',
    'Length cannot exceed 10',
    'Please enter a company',
    '8-16 digits and letters',
    'The passwords entered twice do not match!',
    'Please read and accept the agreement',
    'please select country',
    'Failed to Login!',
    'Verification failed!',
    'Connection Error!',
    'This mailbox is already registered',
    'An error occurred',
    'Sending verification code succeeded!',
    'Verification code error',
    'The email is not registered!',
    'Payment failed, please pay again!',
    'failed purchase',
    'an error occurred',
    'Download failed, please contact customer service!',
    'failed download',
    'operation success',
    'please register first',
    'user does not exist',
    'code error',
    'submission successful',
    'Successful Book Purchase',
    'The order is being processed, please wait patiently',
    'agree and pay',
    'agree and submit',
    'Account or Password Error!',
    'Login failed: Account is disabled...',
    'Old password error!',
    'No Permission',
    'You have not bound the mailbox, and cannot enter 8D',
    'Free Registration',
    'Forgot Password',
    'My Orders',
    'Publication',
    'Log Out',
  ]) {
    t.ok(texts.has(s), s);
  }
});

t.test('every order and audit event type has a label for the console', async (t) => {
  const { AUDIT_EVENT_TYPES, ORDER_EVENT_TYPES } = await import('@shop/db');
  // A kind both trails know ('refunded') has one label.
  const kinds = [...new Set([...ORDER_EVENT_TYPES, ...AUDIT_EVENT_TYPES])];
  t.same(Object.keys(en.admin.events.types).sort(), [...kinds].sort(), 'en labels exactly the event types');
  t.same(Object.keys(zh.admin.events.types).sort(), [...kinds].sort(), 'zh labels exactly the event types');
});
