import type { Db } from '@shop/db';
import type { GatewayConfig } from '@shop/config';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    config: GatewayConfig;
    db: Db;
    redis: Redis;
    buildVersion: string;
  }
}
