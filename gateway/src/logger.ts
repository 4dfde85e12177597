import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { redactPaths } from '@shop/config';

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: [...redactPaths, 'req.body.password', 'req.body.account'], censor: '[redacted]' },
  };
}

/** Keeps a caller's request id when it looks like one, so logs line up across hops. */
export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}
