import t from 'tap';
import { buildApp } from '@shop/gateway';
import { loadGatewayConfig } from '@shop/config';
import { createTestDatabase } from '../helpers/db.js';
import { uniquePrefix } from '../helpers/redis.js';
import { eventually } from '../helpers/tmp.js';

const sockets = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;

t.test('a refused start closes the connections the plugins before it opened', async (t) => {
  const { url } = await createTestDatabase(t);
  // Production without a bank account to pay into: the payments plugin refuses the start, after the
  // database and Redis plugins have connected.
  const config = loadGatewayConfig({
    ...process.env,
    DATABASE_URL: url,
    QUEUE_PREFIX: uniquePrefix(),
    NODE_ENV: 'production',
    APP_SECRET: 'r'.repeat(40),
    ENABLE_TEST_HOOKS: 'false',
  });
  const before = sockets();
  await t.rejects(buildApp({ config }), { name: 'PaymentSetupError', message: /bankTransfer\.iban/ });
  await eventually('every socket the refused start opened is closed', async () => sockets() <= before);
  t.pass(`sockets open: ${sockets()} (before the start: ${before})`);
});
