import nodemailer, { type Transporter } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';

/** How long a mail may wait on an SMTP server that accepts the connection and then stalls. */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * The workers' SMTP transport: a pool of up to 5 connections (nodemailer's default), each kept for
 * up to 100 mails. A connection per mail cost a TCP connect, the greeting, EHLO and QUIT on every
 * mail: about 0.8 ms of CPU per mail in the workers, and as much in the SMTP server. An idle
 * connection ends after `socketTimeout`; whoever creates the transport closes it (`close()`) once
 * the workers are closed.
 *
 * The URL and the timeouts go to the transport together: nodemailer.createTransport(url, x) reads x
 * as message defaults, so timeouts given that way never reached the connection. `maxRequeues: 0`:
 * a mail whose connection dropped fails its job, and BullMQ's bounded retries with backoff take
 * over; the pool would otherwise resend it on a new connection without limit.
 */
export function createTransport(smtpUrl: string, timeouts: SmtpTimeouts = DEFAULT_TIMEOUTS): Transporter {
  const options: SMTPPool.Options & { maxRequeues: number } = { url: smtpUrl, pool: true, ...timeouts, maxRequeues: 0 };
  return nodemailer.createTransport(new SMTPPool(options));
}
