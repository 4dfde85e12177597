import Fastify from 'fastify';

// The baseline: a bare Fastify hello-world in its own process, as the gateway runs in its own.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

// A diagnostic: a JSON POST parsed and answered with a fixed answer of the catalogue answer's
// size, so the GraphQL books figure can be told apart from what any JSON POST costs.
const answer = JSON.stringify({
  data: {
    books: [1, 2, 3].map((i) => ({
      id: String(i),
      title: `Automotive SPICE publication volume ${i}`,
      price: '75.00',
      currency: 'EUR',
      vatText: 'plus applicable VAT',
    })),
  },
});
app.post('/json', async (_req, reply) => reply.type('application/json; charset=utf-8').send(answer));

// The download baseline: the same PDF streamed as it is, without per-buyer encryption.
const { createReadStream } = await import('node:fs');
const file = process.env.PLAIN_FILE;
if (file) app.get('/plain.pdf', async (_req, reply) => reply.type('application/pdf').send(createReadStream(file)));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
