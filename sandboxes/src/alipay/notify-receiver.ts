// A minimal merchant notify endpoint for tests and scripted runs: it takes the raw body, lets the
// adapter verify it, applies the caller's business checks, and answers with adapter.answer().
import Fastify, { type FastifyInstance } from 'fastify';
import { NotificationRejected, type PaymentProvider, type VerifiedNotification } from '@shop/payments/provider';

export interface ReceivedNotify {
  rawBody: string;
  headers: Record<string, string | undefined>;
  notification?: VerifiedNotification;
  rejected?: NotificationRejected;
  /** The body answered (e.g. `success` / `fail`). */
  answered: string;
}

export interface NotifyReceiver {
  /** POST target for notifies, e.g. http://127.0.0.1:PORT/notify. */
  notifyUrl: string;
  /** Answers 200 "welcome back" to GET, for return_url. */
  returnUrl: string;
  received: ReceivedNotify[];
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * `accept` decides, for an authentic notification, whether to acknowledge it (the business
 * checks: amount, seller, app id, or a test's wish to refuse). Unauthentic ones are refused.
 */
export async function startNotifyReceiver(
  provider: Pick<PaymentProvider, 'verifyNotification' | 'answer'>,
  accept: (n: VerifiedNotification) => boolean = () => true,
): Promise<NotifyReceiver> {
  const received: ReceivedNotify[] = [];
  const app = Fastify();
  // Signatures are over the body exactly as sent, so keep it as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post('/notify', async (req, reply) => {
    const entry: ReceivedNotify = { rawBody: String(req.body ?? ''), headers: req.headers as Record<string, string | undefined>, answered: '' };
    let ok = false;
    try {
      entry.notification = await provider.verifyNotification({ headers: entry.headers, rawBody: entry.rawBody });
      ok = accept(entry.notification);
    } catch (err) {
      if (!(err instanceof NotificationRejected)) throw err;
      entry.rejected = err;
    }
    const answer = provider.answer(ok);
    entry.answered = answer.body;
    received.push(entry);
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  });
  app.get('/return', async () => 'welcome back');
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { notifyUrl: `${base}/notify`, returnUrl: `${base}/return`, received, app, close: () => app.close() };
}
