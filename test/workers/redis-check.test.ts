import path from 'node:path';
import t from 'tap';
import { Redis } from 'ioredis';
import { buildApp } from '@shop/gateway';
import { checkRedisConfig } from '@shop/jobs';
import { loadGatewayConfig } from '@shop/config';
import { createTestDatabase } from '../helpers/db.js';
import { uniquePrefix } from '../helpers/redis.js';
import { eventually, tempDir } from '../helpers/tmp.js';
import { runNode, startOwnRedis } from './processes.js';

const good = ['--maxmemory-policy', 'noeviction', '--appendonly', 'yes', '--save', ''];

// The subtests share nothing (each has its own database and its own redis-server), so they run
// side by side: much of each is waiting for a process to start or stop.
t.jobs = 4;

t.test('the workers refuse an evicting Redis with one clear line (exit 78)', async (t) => {
  const { url: databaseUrl } = await createTestDatabase(t);
  const redis = await startOwnRedis(t, path.join(tempDir(t), 'r'), ['--maxmemory-policy', 'allkeys-lru', '--appendonly', 'yes']);
  const w = runNode(t, 'workers/dist/main.js', { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, QUEUE_PREFIX: uniquePrefix() });
  const { code } = await w.exited;
  t.equal(code, 78);
  const lines = w.output().trim().split('\n');
  t.equal(lines.length, 1, 'one line');
  t.match(
    lines[0],
    new RegExp(
      `^workers refuse to start: Redis at 127\\.0\\.0\\.1:${redis.port} has maxmemory-policy allkeys-lru, which evicts queued jobs under memory pressure; set maxmemory-policy noeviction`,
    ),
  );
});

t.test('the workers warn and run when persistence is off', async (t) => {
  const { url: databaseUrl } = await createTestDatabase(t);
  const redis = await startOwnRedis(t, path.join(tempDir(t), 'r'), ['--maxmemory-policy', 'noeviction', '--appendonly', 'no', '--save', '']);
  const w = runNode(t, 'workers/dist/main.js', { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, QUEUE_PREFIX: uniquePrefix() });
  await eventually('workers started', async () => w.output().includes('workers started'));
  t.match(w.output(), /has no persistence \(appendonly no, no save points\)/);
  w.child.kill('SIGTERM');
  const { code } = await w.exited;
  t.equal(code, 0, code === 0 ? 'a clean stop' : `exit ${code}; the output ends: ${w.output().slice(-1500)}`);
});

t.test('a Redis that forbids CONFIG (managed services) is tolerated with a warning', async (t) => {
  const { url: databaseUrl } = await createTestDatabase(t);
  const redis = await startOwnRedis(t, path.join(tempDir(t), 'r'), good);
  const admin = new Redis(redis.url);
  t.teardown(() => admin.quit());
  // Like a managed Redis: the application's user may not run CONFIG. (INFO stays allowed: BullMQ
  // itself needs it to learn the server version.)
  await admin.call('ACL', 'SETUSER', 'app', 'on', '>app-pass', '~*', '&*', '+@all', '-config');
  const url = (user: string) => `redis://${user}:${user}-pass@127.0.0.1:${redis.port}`;

  const app = new Redis(url('app'));
  t.teardown(() => app.quit());
  const viaInfo = await checkRedisConfig(app);
  t.equal(viaInfo.policy, 'noeviction', 'the policy still comes from INFO');
  t.equal(viaInfo.fatal, null);
  t.same(viaInfo.warnings, [], 'INFO told enough: nothing to warn about');

  // Without AOF, INFO cannot tell whether RDB snapshots are on: that is worth a warning only.
  await admin.call('CONFIG', 'SET', 'appendonly', 'no');
  const w = runNode(t, 'workers/dist/main.js', { DATABASE_URL: databaseUrl, REDIS_URL: url('app'), QUEUE_PREFIX: uniquePrefix() });
  await eventually('workers started', async () => w.output().includes('workers started'));
  t.match(
    w.output(),
    /cannot read the configuration of Redis at 127\.0\.0\.1:\d+ \(NOPERM[^)]*\); make sure it runs with maxmemory-policy noeviction and appendonly yes/,
  );
  w.child.kill('SIGTERM');
  t.equal((await w.exited).code, 0);

  // INFO still reveals an evicting policy when CONFIG is forbidden: still refused.
  await admin.call('CONFIG', 'SET', 'maxmemory-policy', 'volatile-lru');
  const refused = runNode(t, 'workers/dist/main.js', { DATABASE_URL: databaseUrl, REDIS_URL: url('app'), QUEUE_PREFIX: uniquePrefix() });
  t.equal((await refused.exited).code, 78);
  t.match(refused.output(), /has maxmemory-policy volatile-lru/);
});

t.test('the gateway reports an evicting Redis (log and metric) but keeps serving', async (t) => {
  const { url: databaseUrl } = await createTestDatabase(t);
  const redis = await startOwnRedis(t, path.join(tempDir(t), 'r'), ['--maxmemory-policy', 'allkeys-lru', '--appendonly', 'no', '--save', '']);
  const app = await buildApp({ config: loadGatewayConfig({ ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redis.url, QUEUE_PREFIX: uniquePrefix() }) });
  t.teardown(() => app.close());
  const verdict = (await eventually('checked', async () => app.redisConfig()))!;
  t.match(verdict, { policy: 'allkeys-lru', persistence: 'off', fatal: /maxmemory-policy allkeys-lru/ });
  t.match(verdict.warnings.join('\n'), /no persistence/);
  t.equal((await app.inject('/health/live')).statusCode, 200, 'still serving');
  t.match((await app.inject('/metrics')).body, /shop_redis_config_ok 0/);
});
