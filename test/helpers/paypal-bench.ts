// One PayPal sandbox, an adapter configured for it and the merchant's webhook receiver: the setup
// the PayPal adapter suites share. `refuseNext` makes the receiver refuse that many verified
// webhooks (as if its database were down).
import Fastify from 'fastify';
import t from 'tap';
import { NotificationRejected, type NotificationInput, type VerifiedNotification } from '../../payments/src/provider.js';
import { PaypalAdapter, type PaypalConfig } from '../../payments/src/paypal/index.js';
import { paypalAdapterConfigForSandbox, startPaypalSandboxServer } from '@shop/sandboxes/paypal/index';

export interface ReceivedWebhook {
  at: number;
  status: number;
  input: NotificationInput;
  verified?: VerifiedNotification;
  rejected?: string;
}

export async function startPaypalBench() {
  const sandbox = await startPaypalSandboxServer({ timeScale: 0.001 });
  t.teardown(() => sandbox.close());
  const config: PaypalConfig = paypalAdapterConfigForSandbox(sandbox.url, sandbox.credentials);
  const adapter = new PaypalAdapter(config);

  const state = { refuseNext: 0 };
  const received: ReceivedWebhook[] = [];
  const receiver = Fastify();
  receiver.removeAllContentTypeParsers();
  receiver.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  receiver.post('/webhooks/paypal', async (req, reply) => {
    const input = { headers: { ...(req.headers as Record<string, string>) }, rawBody: req.body as string };
    const rec: ReceivedWebhook = { at: Date.now(), status: 0, input };
    try {
      rec.verified = await adapter.verifyNotification(input);
    } catch (err) {
      if (!(err instanceof NotificationRejected)) throw err;
      rec.rejected = err.reason;
    }
    let ack = rec.verified !== undefined;
    if (ack && state.refuseNext > 0) {
      state.refuseNext -= 1;
      ack = false;
    }
    const answer = adapter.answer(ack);
    rec.status = answer.status;
    received.push(rec);
    return reply.code(answer.status).type(answer.contentType).send(answer.body);
  });
  const receiverUrl = `${await receiver.listen({ host: '127.0.0.1', port: 0 })}/webhooks/paypal`;
  t.teardown(() => receiver.close());

  /** A call to the sandbox's _control API; throws on a non-2xx answer. */
  async function control<T = unknown>(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<T> {
    const res = await fetch(`${sandbox.url}/_control/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  await control('webhook', { url: receiverUrl });

  return { sandbox, config, adapter, received, receiverUrl, control, state };
}
