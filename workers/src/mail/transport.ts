import nodemailer, { type Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/** How long a mail may wait on an SMTP server that accepts the connection and then stalls. */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

// The URL and the timeouts go to the SMTP transport together: nodemailer.createTransport(url, x)
// reads x as message defaults, so timeouts given that way never reached the connection.
export function createTransport(smtpUrl: string, timeouts: SmtpTimeouts = DEFAULT_TIMEOUTS): Transporter {
  return nodemailer.createTransport(new SMTPTransport({ url: smtpUrl, ...timeouts }));
}
