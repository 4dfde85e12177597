// The SMS codes a buyer receives, read from the stack's SMS sandbox (its JSON API).
import type { TestStack } from './stack.js';
import { eventually } from './tmp.js';

let counter = 0;
/** A fresh mainland mobile number per call, so the provider's per-number flow control never interferes. */
export const freshMobile = () => `139${String(Date.now() % 1e6).padStart(6, '0')}${String(counter++ % 100).padStart(2, '0')}`;

/** The code in the newest SMS the sandbox holds for a number, once it holds `count` of them. */
export async function smsCode(stack: Pick<TestStack, 'sms'>, number: string, count = 1): Promise<string> {
  return eventually(
    `${count} SMS to ${number}`,
    async () => {
      const res = await fetch(`${stack.sms.url}/api/messages?phone=${encodeURIComponent(number)}`);
      const list = (await res.json()) as { text: string }[];
      if (list.length < count) return false;
      return /\b(\d{6})\b/.exec(list.at(-1)!.text)?.[1] ?? false;
    },
    20_000,
  );
}
