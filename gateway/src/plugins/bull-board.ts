import fp from 'fastify-plugin';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { queueNames } from '@shop/jobs';

export const BULL_BOARD_PATH = '/admin/queues';

// Bull Board shows and retries jobs, so only a logged-in operator may see it. It is registered in
// the scope that resolves req.user (app.ts; cookie or bearer token); the guard lives in the
// board's own encapsulated scope, so it covers its pages, API and static assets alike.
export default fp(
  async (app) => {
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (req, reply) => {
        if (!req.user) return reply.code(401).send({ code: 401, message: 'log in as an operator', data: null });
        if (req.user.role !== 'operator') return reply.code(403).send({ code: 403, message: 'operators only', data: null });
      });
      const serverAdapter = new FastifyAdapter();
      serverAdapter.setBasePath(BULL_BOARD_PATH);
      createBullBoard({
        queues: queueNames.map((name) => new BullMQAdapter(app.queues[name])),
        // @bull-board/fastify pins its own copy of @bull-board/api (one patch release apart), whose
        // private fields make the otherwise identical adapter types incompatible for TypeScript.
        serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
        options: { uiConfig: { boardTitle: 'Shop queues' } },
      });
      await scope.register(serverAdapter.registerPlugin(), { prefix: BULL_BOARD_PATH });
    });
  },
  { name: 'bull-board', dependencies: ['queues', 'session'] },
);
