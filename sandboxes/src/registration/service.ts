import Fastify, { type FastifyInstance } from 'fastify';

// A stand-in for the external registration service (spec section 7, "Registration in
// parallel"): it accepts the JSON registration, keeps it in memory, and can be told to fail.
export interface RegistrationServiceSandbox {
  app: FastifyInstance;
  url: string;
  registrations: Map<string, Record<string, unknown>>;
  requests: number;
  /** Requests answered so far (a delayed one counts once its answer is sent). */
  answered: number;
}

export const SANDBOX_VERIFY_CODE = 'SHOP-MIRROR';

export async function startRegistrationService(opts: { port?: number; host?: string } = {}): Promise<RegistrationServiceSandbox> {
  const app = Fastify({ logger: false });
  const registrations = new Map<string, Record<string, unknown>>();
  const state = { failNext: 0, requests: 0, delayMs: 0, answered: 0 };
  // Closing the sandbox ends the delays still running: a request whose client was SIGKILLed would
  // otherwise keep a timer, and with it the test's process, alive for the rest of its delay.
  const pendingDelays = new Set<() => void>();
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const end = () => {
        clearTimeout(timer);
        pendingDelays.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      pendingDelays.add(end);
    });
  app.addHook('preClose', async () => {
    for (const end of [...pendingDelays]) end();
  });

  app.post('/register', async (req, reply) => {
    state.requests++;
    // A slow service keeps a mirror job running, e.g. to show that SIGTERM lets it finish.
    if (state.delayMs > 0) await delay(state.delayMs);
    reply.raw.once('finish', () => state.answered++);
    if (state.failNext > 0) {
      state.failNext--;
      return reply.code(503).send({ code: 503, message: 'service unavailable (sandbox fault)' });
    }
    const b = (req.body ?? {}) as Record<string, unknown>;
    const key = typeof b.email === 'string' ? b.email.toLowerCase() : typeof b.phone === 'string' ? b.phone : '';
    const missing = ['language', 'firstName', 'lastName', 'password', 'company', 'country'].filter((f) => typeof b[f] !== 'string');
    if (!key || missing.length) return reply.code(400).send({ code: 400, message: `missing ${missing.join(', ') || 'email or phone'}` });
    if (b.verifyCode !== SANDBOX_VERIFY_CODE) return reply.code(400).send({ code: 400, message: 'wrong verifyCode' });
    if (registrations.has(key)) return { code: 409, message: 'already registered' };
    registrations.set(key, b);
    return { code: 200, message: 'registered' };
  });

  app.post('/_control/fail', async (req) => {
    state.failNext = Number((req.body as { count?: number } | null)?.count ?? 1);
    return { failNext: state.failNext };
  });
  app.post('/_control/delay', async (req) => {
    state.delayMs = Math.max(0, Number((req.body as { ms?: number } | null)?.ms ?? 0));
    return { delayMs: state.delayMs };
  });
  app.get('/_control/registrations', async () => ({
    requests: state.requests,
    answered: state.answered,
    registrations: [...registrations.entries()].map(([k, v]) => ({ key: k, ...v, password: v.password ? '[received]' : undefined })),
  }));

  await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return {
    app,
    url: `http://127.0.0.1:${port}/register`,
    registrations,
    get requests() {
      return state.requests;
    },
    get answered() {
      return state.answered;
    },
  };
}
