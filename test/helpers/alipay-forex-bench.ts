// The cross-border (MAPI) sandbox under a prefix of its own server, for the forex adapter suites.
// Its public base URL is part of its setup, so the port is chosen before it listens.
import Fastify from 'fastify';
import t from 'tap';
import { generateAlipayCredentials } from '../../payments/src/alipay/keys.js';
import { alipayForexSandbox, ForexSandboxControl } from '../../sandboxes/src/alipay-forex/index.js';

/** A port the system just handed out (listen on 0, close): free unless someone takes it first. */
export function probeFreePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = Fastify();
    void probe.listen({ port: 0, host: '127.0.0.1' }).then(() => {
      const p = (probe.server.address() as { port: number }).port;
      void probe.close().then(() => resolve(p));
    });
  });
}

/** The forex sandbox served at `prefix`, with fresh merchant keys and its control client. */
export async function startForexSandbox(prefix: string) {
  const creds = generateAlipayCredentials();
  const partner = creds.sellerId;
  const app = Fastify();
  const port = await probeFreePort();
  const base = `http://127.0.0.1:${port}${prefix}`;
  const sandbox = alipayForexSandbox({
    publicBaseUrl: base,
    partner,
    merchantPublicKey: creds.appPublicKey,
    alipayPrivateKey: creds.alipayPrivateKey,
    timeScale: 0.0001,
  });
  await app.register(sandbox, { prefix });
  await app.listen({ port, host: '127.0.0.1' });
  t.teardown(() => app.close());
  return { creds, partner, sandbox, base, ctl: new ForexSandboxControl(base) };
}
