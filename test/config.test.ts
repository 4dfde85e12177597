import t from 'tap';
import { ConfigError, loadGatewayConfig, loadWorkersConfig, settings } from '@shop/config';

const minimal = { DATABASE_URL: 'postgres://u:p@localhost/db', REDIS_URL: 'redis://localhost:6379' };

t.test('defaults fill everything that is not required', async (t) => {
  const c = loadGatewayConfig(minimal);
  t.equal(c.port, 3000);
  t.equal(c.basePath, '/shop/');
  t.equal(c.cookieSecure, false, 'not secure outside production by default');
  t.equal(loadGatewayConfig({ ...minimal, NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) }).cookieSecure, true, 'secure in production by default');
  t.equal(loadGatewayConfig({ ...minimal, BASE_PATH: 'store' }).basePath, '/store/', 'base path normalised');
  t.equal(loadWorkersConfig(minimal).workerConcurrency, 5);
  t.same(
    [c.liveIdleMs, c.livePingMs, c.liveInitMs],
    [60_000, 20_000, 10_000],
    'a live socket: idle for a minute, pinged every 20 s, 10 s to say connection_init',
  );
  t.same(
    (({ liveIdleMs, livePingMs, liveInitMs }) => [liveIdleMs, livePingMs, liveInitMs])(
      loadGatewayConfig({ ...minimal, LIVE_IDLE_SECONDS: '5', LIVE_PING_SECONDS: '2', LIVE_INIT_SECONDS: '3' }),
    ),
    [5_000, 2_000, 3_000],
    'both in seconds',
  );
  t.throws(() => loadGatewayConfig({ ...minimal, LIVE_PING_SECONDS: '0' }), /LIVE_PING_SECONDS must be at least 1, got 0/);
  t.equal(loadGatewayConfig(minimal).timeZone, 'Asia/Shanghai', "the shop's time zone defaults to Shanghai's");
  t.equal(loadGatewayConfig({ ...minimal, SHOP_TIME_ZONE: 'Europe/Berlin' }).timeZone, 'Europe/Berlin');
  for (const bad of ['Mars/Olympus', 'Asia/Shanghai; path=/', '../etc'])
    t.throws(() => loadGatewayConfig({ ...minimal, SHOP_TIME_ZONE: bad }), /SHOP_TIME_ZONE must be an IANA time zone/, `"${bad}" is refused`);
});

t.test('bad values are rejected with clear messages, all at once', async (t) => {
  const err = t.throws(() => loadGatewayConfig({ ...minimal, PORT: 'eighty', LOG_LEVEL: 'loud', ORDER_EXPIRY_MINUTES: '1' })) as ConfigError;
  t.type(err, ConfigError);
  t.match(err.message, /PORT must be a whole number, got "eighty"/);
  t.match(err.message, /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"/);
  t.match(err.message, /ORDER_EXPIRY_MINUTES must be at least 5, got 1/);
  t.equal(err.problems.length, 3);
});

t.test('required settings are named when missing; secrets are not echoed', async (t) => {
  const err = t.throws(() => loadWorkersConfig({})) as ConfigError;
  t.match(err.message, /DATABASE_URL is required/);
  t.match(err.message, /REDIS_URL is required/);
  const bad = t.throws(() => loadGatewayConfig({ ...minimal, DATABASE_URL: 'not a url with secret-password' })) as ConfigError;
  t.notMatch(bad.message, /secret-password/, 'a secret value never appears in the message');
});

t.test('production refuses dev-only switches', async (t) => {
  t.throws(() => loadWorkersConfig({ ...minimal, NODE_ENV: 'production' }), /APP_SECRET must be set to a random value of at least 32 characters/);
  t.throws(() => loadGatewayConfig({ ...minimal, NODE_ENV: 'production', APP_SECRET: 'short' }), /APP_SECRET must be set/);
  t.throws(
    () => loadGatewayConfig({ ...minimal, NODE_ENV: 'production', ENABLE_TEST_HOOKS: 'true' }),
    /ENABLE_TEST_HOOKS must not be true when NODE_ENV=production/,
  );
  t.throws(() => loadGatewayConfig({ ...minimal, ENABLE_TEST_HOOKS: 'maybe' }), /ENABLE_TEST_HOOKS must be true or false/);
});

t.test('every setting is documented', async (t) => {
  for (const s of settings) t.ok(s.description.length > 10, `${s.name} has a description`);
});
