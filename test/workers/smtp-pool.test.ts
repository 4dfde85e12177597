// The workers' SMTP transport keeps its connection between mails (one connection per mail cost a
// TCP connect, the greeting, EHLO and QUIT each time), and close() ends it, so closing the workers
// leaves no socket open. A counting TCP relay in front of the real mail sink (MailDev) sees the
// connections.
import net from 'node:net';
import t from 'tap';
import { createTransport } from '@shop/workers/mail/transport';
import { requireEnv } from '../helpers/env.js';
import { waitForMails } from '../helpers/mail.js';
import { uniqueEmail } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';

/** Forwards every connection to the sink and counts them, open and in all. */
async function countingRelay(t: { teardown(fn: () => unknown): void }, target: URL) {
  const seen = { opened: 0, open: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    seen.opened += 1;
    seen.open += 1;
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.once('close', () => {
      seen.open -= 1;
      upstream.destroy();
    });
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });
  return { url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`, seen };
}

t.test('three mails go over one SMTP connection, and close() ends it', async (t) => {
  const relay = await countingRelay(t, new URL(requireEnv('SMTP_URL')));
  const transport = createTransport(relay.url);
  t.teardown(() => transport.close());
  const to = uniqueEmail('pool');
  for (const n of [1, 2, 3]) await transport.sendMail({ from: 'shop@example.com', to, subject: `mail ${n}`, text: `mail ${n}` });
  const mails = await waitForMails(to, 3);
  t.same(mails.map((m) => m.subject).sort(), ['mail 1', 'mail 2', 'mail 3'], 'all three delivered');
  t.equal(relay.seen.opened, 1, 'one connection for the three mails');
  t.equal(relay.seen.open, 1, 'kept open for the next mail');

  transport.close();
  await eventually('the pooled connection closed', async () => relay.seen.open === 0);
  t.equal(relay.seen.opened, 1);
});

t.test('an idle connection ends after the socket timeout, quietly, and the next mail opens another', async (t) => {
  const relay = await countingRelay(t, new URL(requireEnv('SMTP_URL')));
  const transport = createTransport(relay.url, { connectionTimeout: 2_000, greetingTimeout: 2_000, socketTimeout: 300 });
  t.teardown(() => transport.close());
  const to = uniqueEmail('pool-idle');
  await transport.sendMail({ from: 'shop@example.com', to, subject: 'before', text: 'before' });
  await eventually('the idle connection closed', async () => relay.seen.open === 0);
  await transport.sendMail({ from: 'shop@example.com', to, subject: 'after', text: 'after' });
  t.equal(relay.seen.opened, 2, 'a new connection for the mail after the pause');
  t.same((await waitForMails(to, 2)).map((m) => m.subject).sort(), ['after', 'before']);
});

t.test('a connection dropped during a send fails that send, for the job to retry with backoff', async (t) => {
  // A server that greets, then drops the connection at the first command.
  const server = net.createServer((s) => {
    s.on('error', () => undefined);
    s.write('220 test ESMTP\r\n');
    s.once('data', () => s.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  let connections = 0;
  server.on('connection', () => (connections += 1));
  const transport = createTransport(`smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`);
  t.teardown(() => transport.close());
  await t.rejects(transport.sendMail({ from: 'shop@example.com', to: 'buyer@example.com', subject: 's', text: 't' }));
  t.equal(connections, 1, 'the pool did not resend it on a new connection by itself');
});
