import net from 'node:net';
import t from 'tap';
import { buildTestApp } from '../helpers/app.js';

// Shutting down finishes the requests still running and then ends their keep-alive connections.
// Without `Connection: close` on those answers, close() waited for the keep-alive timeout (72 s)
// whenever a request (a provider's callback, say) was running when it began.

t.test('a request running when the gateway closes is answered, and its connection ends', { timeout: 30_000 }, async (t) => {
  const { app } = await buildTestApp(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;

  const arrived = new Promise<void>((resolve) => app.server.once('request', () => resolve()));
  const socket = net.connect(port, '127.0.0.1');
  t.teardown(() => socket.destroy());
  let answer = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const body = 'account=nobody%40example.com&password=wrong-password';
  // Keep-alive, and the body not sent yet: the request is running when close() begins.
  socket.write(
    `POST /api/login/loginOn HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  await arrived;
  const closed = app.close();
  socket.write(body);

  await ended;
  await closed;
  t.match(answer, /^HTTP\/1\.1 200 /, 'the running request got its answer');
  t.match(answer, /\r\nconnection: close\r\n/i, 'marked as the last on its connection');
  t.match(answer, /"code":/, 'the legacy envelope');
});
