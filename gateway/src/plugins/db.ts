import fp from 'fastify-plugin';
import { createDb, type Db } from '@shop/db';

export interface DbPluginOptions {
  db?: Db;
}

export default fp<DbPluginOptions>(
  async (app, opts) => {
    const owned = !opts.db;
    const db = opts.db ?? createDb(app.config.databaseUrl, { max: app.config.databasePoolSize, applicationName: 'shop-gateway' });
    app.decorate('db', db);
    // Whoever opens a resource closes it.
    if (owned) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'db' },
);
