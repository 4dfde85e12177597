import fp from 'fastify-plugin';
import { brandMark, legalMarkdown } from '../services/brand.js';

// The brand mark (header and favicon) and the legal pages' markdown, both from configuration: an
// operator changes them without rebuilding the SPA.
export default fp(
  async (app) => {
    const base = app.config.basePath;
    const mark = brandMark(app.config);
    const markPath = `${base}brand/mark`;
    app.get(markPath, async (_req, reply) => reply.header('cache-control', 'public, max-age=3600').type(mark.type).send(mark.body));
    // Browsers ask for /favicon.ico when a page names none (the operator console, plain answers).
    app.get('/favicon.ico', async (_req, reply) => reply.redirect(markPath));

    app.get<{ Params: { lang: string; page: string } }>(`${base}legal/:lang/:page`, async (req, reply) => {
      const md = legalMarkdown(app.config, req.params.lang, req.params.page.replace(/\.md$/, ''));
      if (md === null) return reply.code(404).send({ code: 404, message: 'Not Found', data: null });
      return reply.header('cache-control', 'no-cache').type('text/markdown; charset=utf-8').send(md);
    });
  },
  { name: 'brand' },
);
