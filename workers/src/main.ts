import { createDb } from '@shop/db';
import { ConfigError, loadWorkersConfig } from '@shop/config';
import { createLogger } from '@shop/config';
import { createQueues, closeQueues } from '@shop/jobs';
import { producerConnection, workerConnection } from '@shop/jobs';
import { createTransport } from './mail/transport.js';
import { buildProcessors, closeWorkers, RECONCILE_SCHEDULER, scheduleMaintenance, startWorkers } from './runtime.js';
import { checkRedisConfig } from '@shop/jobs';
import { createWorkerMetrics } from './metrics/jobs.js';
import { startMetricsServer } from './metrics/server.js';
import { watchRedisLoss } from './reconcile/redis-loss.js';
import { redisStatusEvents } from '@shop/core/status-events';
import { providersFromConfig, readPaymentsConfig } from '@shop/payments/registry';

async function main(): Promise<void> {
  let config;
  try {
    config = loadWorkersConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger('workers', config.logLevel);
  const db = createDb(config.databaseUrl, { max: config.databasePoolSize, applicationName: 'shop-workers' });
  const producer = producerConnection(config.redisUrl);
  producer.on('error', (err) => log.warn({ err: err.message }, 'redis producer error'));
  const connection = workerConnection(config.redisUrl);
  connection.on('error', (err) => log.warn({ err: err.message }, 'redis worker connection error'));

  // An evicting Redis would silently drop jobs: refuse to run on it (one line, exit 78).
  const waiting = setTimeout(() => log.warn('waiting for Redis to answer'), 2_000);
  const redisCheck = await checkRedisConfig(connection);
  clearTimeout(waiting);
  if (redisCheck.fatal) {
    console.error(`workers refuse to start: ${redisCheck.fatal}`);
    process.exit(78);
  }
  for (const warning of redisCheck.warnings) log.warn(warning);

  const metrics = config.metricsPort ? createWorkerMetrics() : undefined;
  const metricsServer = metrics
    ? await startMetricsServer(metrics.registry, { port: config.metricsPort, host: config.metricsHost, token: config.metricsToken, env: config.env })
    : undefined;
  const queues = createQueues(producer, config.queuePrefix, undefined, config.retryDelayScale);
  const events = redisStatusEvents(producer, config.queuePrefix, log);
  const deps = {
    config,
    db,
    log,
    queues,
    metrics,
    events,
    providers: providersFromConfig(readPaymentsConfig(config.paymentsConfigFile), {
      file: config.paymentsConfigFile,
      check: { production: config.env === 'production', publicUrl: config.publicUrl, loopbackHttp: config.paymentsLoopbackHttp },
    }),
  };
  // Missing schedulers mean a first start or a Redis that lost its data: the watch re-creates
  // them and rebuilds the queues from PostgreSQL, now and whenever it happens later.
  const watch = watchRedisLoss(deps, {
    everyMs: Math.min(5_000, config.reconcileIntervalMs),
    marker: RECONCILE_SCHEDULER,
    reschedule: () => scheduleMaintenance(queues, 1_000, config.reconcileIntervalMs, deps.providers),
  });
  // Intact schedulers are upserted anyway, so a changed interval takes effect.
  if ((await watch.check()) === 'intact') await scheduleMaintenance(queues, 1_000, config.reconcileIntervalMs, deps.providers);
  const mail = createTransport(config.smtpUrl);
  const workers = startWorkers(deps, connection, buildProcessors(deps, mail), { metrics });
  log.info({ queues: workers.map((w) => w.name), metricsPort: metricsServer?.port }, 'workers started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: no new jobs, finishing running ones');
    const timer = setTimeout(() => {
      log.error('shutdown grace period over, exiting with jobs still running');
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    watch.stop();
    try {
      await closeWorkers(workers);
      // After the workers: no mail job runs any more, so no send is cut off.
      mail.close();
      await metricsServer?.close();
      await closeQueues(queues);
    } catch (err) {
      // Running jobs were given their chance; what failed to close is said, not thrown unheard.
      log.error({ err }, 'stopping failed');
      process.exit(1);
    }
    await Promise.allSettled([connection.quit(), producer.quit(), db.destroy()]);
    log.info('workers stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error('workers failed to start:', err);
  process.exit(1);
});
