import { createDb } from '@shop/db';
import { ConfigError, loadWorkersConfig } from './config/index.js';
import { createLogger } from './logger.js';
import { createQueues, closeQueues } from './queues.js';
import { producerConnection, workerConnection } from './redis.js';
import { buildProcessors, scheduleMaintenance, startWorkers } from './runtime.js';
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
  const queues = createQueues(producer, config.queuePrefix);
  const deps = { config, db, log, queues, providers: providersFromConfig(readPaymentsConfig(config.paymentsConfigFile)) };
  const workers = startWorkers(deps, connection, buildProcessors(deps));
  await scheduleMaintenance(queues);
  log.info({ queues: workers.map((w) => w.name) }, 'workers started');

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
    await Promise.all(workers.map((w) => w.close()));
    await closeQueues(queues);
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
