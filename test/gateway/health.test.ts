import path from 'node:path';
import t from 'tap';
import { buildApp } from '@shop/gateway';
import { loadGatewayConfig } from '@shop/config';
import { startPostgres } from '../../scripts/src/stack/postgres.js';
import { startRedis } from '../../scripts/src/stack/redis.js';
import getPort from 'get-port';
import { eventually, tempDir } from '../helpers/tmp.js';

t.test('liveness answers without dependencies; readiness follows PostgreSQL and Redis', async (t) => {
  const dir = tempDir(t);
  const pgPort = await getPort();
  const redisPort = await getPort();
  let pg = await startPostgres({ dir: path.join(dir, 'pg'), port: pgPort, persistent: true });
  let redis = await startRedis({ dir: path.join(dir, 'redis'), port: redisPort });
  t.teardown(async () => {
    await redis.stop();
    await pg.stop().catch(() => {});
  });

  const app = await buildApp({ config: loadGatewayConfig({ ...process.env, DATABASE_URL: pg.url, REDIS_URL: redis.url }) });
  t.teardown(() => app.close());
  const ready = async () => {
    const res = await app.inject('/health/ready');
    return { status: res.statusCode, body: res.json() as { checks: { postgres: string; redis: string } } };
  };

  t.equal((await app.inject('/health/live')).statusCode, 200);
  t.match(await eventually('ready', async () => ((await ready()).status === 200 ? ready() : false)), {
    status: 200,
    body: { checks: { postgres: 'ok', redis: 'ok' } },
  });

  await redis.stop();
  t.match(await ready(), { status: 503, body: { checks: { postgres: 'ok', redis: 'down' } } }, 'Redis stopped: 503');
  t.equal((await app.inject('/health/live')).statusCode, 200, 'still alive without Redis');
  redis = await startRedis({ dir: path.join(dir, 'redis'), port: redisPort });
  await eventually('ready after Redis returns', async () => (await ready()).status === 200);
  t.pass('Redis back: 200');

  await pg.stop();
  t.match(await ready(), { status: 503, body: { checks: { postgres: 'down', redis: 'ok' } } }, 'PostgreSQL stopped: 503');
  pg = await startPostgres({ dir: path.join(dir, 'pg'), port: pgPort, persistent: true });
  await eventually('ready after PostgreSQL returns', async () => (await ready()).status === 200);
  t.pass('PostgreSQL back: 200');
});
