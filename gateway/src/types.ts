import type { Db } from '@shop/db';
import type { GatewayConfig } from '@shop/config';
import type { Redis } from 'ioredis';
import type { AnswerMismatch } from './routes/legacy/answer-check.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: GatewayConfig;
    db: Db;
    redis: Redis;
    buildVersion: string;
    /** Legacy answers that did not match their documented schema (only with CHECK_LEGACY_ANSWERS). */
    legacyAnswerMismatches: AnswerMismatch[];
    /** Every /api/ route as registered (method, url), for the OpenAPI document's completeness test. */
    apiRoutes: { method: string; url: string }[];
  }
}
