import type { Transporter } from 'nodemailer';
import type { Attachment } from 'nodemailer/lib/mailer/index.js';
import type { WorkerDeps } from '../deps.js';
import type { RenderedMail } from './templates.js';

/** Sends a rendered mail from the shop's address; answers its message id (the job's result). */
export async function sendShopMail(
  deps: WorkerDeps,
  transport: Transporter,
  to: string,
  mail: RenderedMail,
  attachments?: Attachment[],
): Promise<{ messageId: string }> {
  const info = await transport.sendMail({ from: deps.config.mailFrom, to, ...mail, ...(attachments ? { attachments } : {}) });
  return { messageId: info.messageId };
}
