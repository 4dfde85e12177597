import { timingSafeEqual } from 'node:crypto';

/** What a /metrics request may see: 'ok', or why not (401 without the token, 403 when closed). */
export type MetricsAccess = 'ok' | 'unauthorized' | 'disabled';

/**
 * /metrics shows traffic and queue figures, so it is protected by METRICS_TOKEN as a bearer token.
 * Without a token it is open in development and test (a local Prometheus or curl just works) and
 * closed in production, where an open endpoint would be an accident.
 */
export function metricsAccess(authorization: string | undefined, token: string | undefined, env: string): MetricsAccess {
  if (!token) return env === 'production' ? 'disabled' : 'ok';
  const m = /^Bearer\s+(\S+)$/.exec(authorization?.trim() ?? '');
  if (!m) return 'unauthorized';
  const given = Buffer.from(m[1]!);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? 'ok' : 'unauthorized';
}
