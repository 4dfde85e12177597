import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { metricsAccess } from '@shop/config';

/** A tiny HTTP server for Prometheus: GET /metrics only, behind METRICS_TOKEN. */
export async function startMetricsServer(
  registry: Registry,
  opts: { port: number; host: string; token: string | undefined; env: string },
): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    const access = metricsAccess(req.headers.authorization, opts.token, opts.env);
    if (access !== 'ok') {
      res
        .writeHead(access === 'unauthorized' ? 401 : 403, { 'content-type': 'text/plain' })
        .end(access === 'unauthorized' ? 'unauthorized\n' : 'set METRICS_TOKEN to enable /metrics in production\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const addr = server.address();
  return {
    server,
    port: typeof addr === 'object' && addr ? addr.port : opts.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
