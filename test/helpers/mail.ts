import { requireEnv } from './env.js';
import { eventually } from './tmp.js';

export interface SinkMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
  date: string;
}

/** Mails the real SMTP sink (MailDev) received for one address, newest last. */
export async function mailsTo(address: string): Promise<SinkMail[]> {
  const res = await fetch(`${requireEnv('MAILDEV_URL')}/email`);
  const all = (await res.json()) as SinkMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

export async function waitForMails(address: string, count: number, timeoutMs = 15_000): Promise<SinkMail[]> {
  return eventually(
    `${count} mail(s) to ${address}`,
    async () => {
      const mails = await mailsTo(address);
      return mails.length >= count ? mails : false;
    },
    timeoutMs,
  );
}

/** The 6-digit code in the newest mail to an address. */
export async function latestCode(address: string, count = 1): Promise<string> {
  const mails = await waitForMails(address, count);
  const m = /\b(\d{6})\b/.exec(mails.at(-1)!.text);
  if (!m) throw new Error('no code in the mail');
  return m[1]!;
}
