import { readFileSync } from 'node:fs';
import t from 'tap';
import { parse } from 'yaml';
import { loadGatewayConfig, loadWorkersConfig, settings, type Process } from '@shop/config';
import { GATEWAY_NODE_FLAGS } from '../../scripts/src/stack/node-flags.js';

// No Docker engine runs here, so the compose file is checked against the config schema instead.
interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8'), { merge: true }) as { services: Record<string, Service> };

/** Resolves ${VAR:-default} to its default and ${VAR:?message} to a stand-in deployers must set. */
function resolveEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    out[k] = String(v)
      .replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')
      .replace(/\$\{([A-Z_]+):\?[^}]*\}/g, (_m, name: string) => (name.endsWith('URL') ? 'http://deployer-set.example' : `deployer-set-${'x'.repeat(32)}`));
  }
  return out;
}

const known = new Set<string>(settings.map((s) => s.name));

for (const [service, process] of [
  ['gateway', 'gateway'],
  ['workers', 'workers'],
] as [string, Process][]) {
  t.test(`${service}: environment satisfies the config schema`, async (t) => {
    const svc = compose.services[service];
    t.ok(svc, `${service} service exists`);
    const env = resolveEnv(svc!.environment ?? {});
    for (const name of Object.keys(env)) t.ok(known.has(name), `${name} is a known setting`);
    for (const s of settings) {
      if ((s.usedBy as readonly string[]).includes(process) && 'required' in s && s.required) t.ok(env[s.name], `required ${s.name} is set`);
    }
    t.equal(env.NODE_ENV, 'production');
    const load = process === 'gateway' ? loadGatewayConfig : loadWorkersConfig;
    t.doesNotThrow(() => load(env), 'the config loader accepts it');
    t.ok(svc!.healthcheck, 'has a health check');
    t.equal(svc!.depends_on?.migrate?.condition, 'service_completed_successfully', 'starts after migrations');
  });
}

t.test('gateway production settings are safe', async (t) => {
  const env = resolveEnv(compose.services.gateway!.environment ?? {});
  const c = loadGatewayConfig(env);
  t.equal(c.enableTestHooks, false);
  t.equal(c.cookieSecure, true);
  t.equal(c.host, '0.0.0.0');
});

t.test('redis keeps jobs: AOF on and noeviction; postgres and redis have health checks', async (t) => {
  const redis = compose.services.redis!;
  const cmd = (redis.command ?? []).join(' ');
  t.match(cmd, /--appendonly yes/);
  t.match(cmd, /--maxmemory-policy noeviction/);
  t.ok(redis.healthcheck);
  t.ok(compose.services.postgres?.healthcheck);
});

t.test('the gateway runs with the heap bounds of npm start and the bench, in compose and in the image', async (t) => {
  const flags = ['node', ...GATEWAY_NODE_FLAGS, 'gateway/dist/server.js'];
  t.same(compose.services.gateway!.command, flags);
  const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8'))?.[1];
  t.same(JSON.parse(cmd ?? 'null'), flags);
});
