import net from 'node:net';
import t from 'tap';
import { createTransport } from '@shop/workers/mail/transport';

// A mail server that accepts the connection and then says nothing must not hold a mail job for
// nodemailer's defaults (30 s for the greeting, 10 min for a silent socket): the configured
// timeouts reach the SMTP connection.

t.test('a silent SMTP server fails the send after the greeting timeout', { timeout: 15_000 }, async (t) => {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => void sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });
  const { port } = server.address() as net.AddressInfo;
  const transport = createTransport(`smtp://127.0.0.1:${port}`, { connectionTimeout: 2_000, greetingTimeout: 500, socketTimeout: 2_000 });
  t.teardown(() => transport.close());
  t.match(
    (transport.transporter as unknown as { options: object }).options,
    { host: '127.0.0.1', port, greetingTimeout: 500 },
    'the URL and the timeouts both reach the transport',
  );
  await t.rejects(transport.sendMail({ from: 'shop@example.com', to: 'buyer@example.com', subject: 's', text: 't' }), {
    code: 'ETIMEDOUT',
    message: /Greeting never received/,
  });
});

t.test('the default timeouts are set on a transport built from the configured URL alone', async (t) => {
  const transport = createTransport('smtp://user:secret@mail.example.com:587');
  t.teardown(() => transport.close());
  t.match((transport.transporter as unknown as { options: object }).options, {
    host: 'mail.example.com',
    port: 587,
    auth: { user: 'user', pass: 'secret' },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
});
