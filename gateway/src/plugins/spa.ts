import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { findSessionUser, type SessionUser } from '../services/accounts/sessions.js';
import { sessionTokenOf } from './session.js';
import { sendHtml } from './spa-compress.js';
import { metaTags, withMeta, type PageMeta } from './spa-meta.js';
import { Prerenderer, requestLocale, withPage, type Locale } from './spa-prerender.js';
import { storefrontSettings, withStorefrontSettings } from './spa-settings.js';

/** How long a request waits for its prerendered page before it gets the empty shell. */
const PRERENDER_WAIT_MS = 3000;
/** How long the start waits for the renderer's warm-up (well within Fastify's 10 s for onReady). */
const WARM_WAIT_MS = 6000;

// Serves the built SPA under the base path in history mode: any GET under the base path that
// is not a file answers index.html, and the router in the browser takes over.
export default fp(
  async (app) => {
    const base = app.config.basePath;
    const root = path.resolve(app.config.webDistDir);
    const indexFile = path.join(root, 'index.html');
    const built = existsSync(indexFile);
    const versionFile = path.join(root, 'version.json');
    const version = existsSync(versionFile) ? String((JSON.parse(readFileSync(versionFile, 'utf8')) as { version?: string }).version ?? 'unknown') : 'unbuilt';
    app.decorate('buildVersion', version);

    app.get('/', async (_req, reply) => reply.redirect(`${base}index`));
    if (base !== '/') app.get(base.slice(0, -1), async (_req, reply) => reply.redirect(`${base}index`));

    // The version endpoint the SPA polls on navigation; never cached.
    app.get(`${base}version`, { schema: { response: { 200: { type: 'object', properties: { version: { type: 'string' } } } } } }, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { version };
    });

    if (!built) {
      app.log.warn({ root }, 'SPA is not built; run npm run build');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: base,
      index: false,
      wildcard: true,
      decorateReply: true,
      cacheControl: false,
      // The build writes .br and .gz beside each asset; the client gets the smallest it accepts.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
    // Read once: the page every history-mode path answers, with this deployment's settings in it.
    const settings = storefrontSettings(app.config);
    const indexHtml = withStorefrontSettings(readFileSync(indexFile, 'utf8'), settings);
    // The public pages, and My Orders for its buyer, come with their content rendered in
    // (web/src/ssr.tsx, built beside dist).
    const rendererFile = path.join(root, '..', 'dist-ssr', 'ssr.js');
    const execute = (locale: Locale, user: SessionUser | null) => async (query: string, variables: Record<string, unknown>) =>
      app.graphql(query, { deps: app.deps, user, locale } as never, variables);
    const prerenderer = Prerenderer.available(rendererFile)
      ? new Prerenderer({
          file: rendererFile,
          settings,
          execute,
          catalogValidUntil: () => app.deps.catalog.snapshotValidUntil(),
          isBook: async (id) => /^\d{1,9}$/.test(id) && !!(await app.deps.catalog.book(Number(id))),
          findBuyer: async (req) => {
            const token = sessionTokenOf(req);
            return token ? findSessionUser(app.deps, token) : null;
          },
        })
      : null;
    if (!prerenderer) app.log.warn({ rendererFile }, 'SPA server renderer is not built; the public pages start empty');
    // Ready once the renderer is loaded and a guest's book list rendered (Prerenderer.warm): the
    // first buyers after a start would otherwise wait for both and, on a loaded machine, get the
    // empty shell after PRERENDER_WAIT_MS. Neither a failure nor a slow warm-up stops the start:
    // past WARM_WAIT_MS the gateway is ready anyway (Fastify fails a start whose onReady takes
    // 10 s) and the warm-up goes on in the background.
    else if (app.config.prerenderWarmUp)
      app.addHook('onReady', async () => {
        const warm = prerenderer.warm().catch((err: unknown) => app.log.error({ err }, 'SPA server renderer failed to load or render'));
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, WARM_WAIT_MS, 'late')));
        if ((await Promise.race([warm, late])) === 'late') app.log.warn({ waitedMs: WARM_WAIT_MS }, 'SPA server renderer still warming up; ready without it');
        clearTimeout(timer);
      });

    // The shell's body per language and head (a legal page's title differs from the book list's).
    const shells = new Map<string, object>();
    const shellOf = (key: string) => {
      let kept = shells.get(key);
      if (!kept) {
        if (shells.size >= 64) shells.delete(shells.keys().next().value!);
        shells.set(key, (kept = {}));
      }
      return kept;
    };
    // The head of a page: from the renderer (the book's title and cover, the texts of the page's
    // language), else, while it is not loaded or not built, the brand's name.
    const headOf = async (subPath: string, locale: Locale, page: { meta: PageMeta; routerPath: string } | null) => {
      let meta = page?.meta ?? null;
      if (!meta && prerenderer)
        meta = await Promise.race([prerenderer.shellMeta(subPath, locale), new Promise<null>((resolve) => setTimeout(resolve, 500, null).unref())]).catch(
          () => null,
        );
      meta ??= { title: settings.brand.name[locale], description: settings.brand.name[locale], image: settings.brand.markUrl, type: 'website' };
      const siteName = settings.brand.name[locale];
      return metaTags(meta, { publicUrl: app.config.publicUrl, basePath: base, routerPath: page?.routerPath ?? subPath, locale, siteName });
    };
    const indexPage = {};
    app.get(`${base}index.html`, async (req, reply) => sendHtml(req, reply.header('cache-control', 'no-cache'), () => indexHtml, indexPage));
    app.setNotFoundHandler(async (req, reply) => {
      const url = req.url.split('?')[0] ?? '';
      if (req.method === 'GET' && url.startsWith(base) && !url.startsWith(`${base}assets/`)) {
        const subPath = `/${url.slice(base.length)}`;
        let page = null;
        try {
          // A buyer never waits long for it: past the limit the shell goes out (the SPA renders
          // the page itself) and the rendering finishes for the next request.
          page = prerenderer
            ? await Promise.race([prerenderer.page(req, subPath), new Promise<null>((resolve) => setTimeout(resolve, PRERENDER_WAIT_MS, null).unref())])
            : null;
        } catch (err) {
          // The empty shell still works: the SPA renders the page itself.
          req.log.error({ err }, 'prerendering failed');
        }
        // The HTML depends on the language and the session cookie; a buyer's page is theirs alone.
        reply.header('cache-control', page?.personal ? 'private, no-store' : 'no-cache').header('vary', 'cookie');
        const locale = page?.locale ?? requestLocale(req, subPath);
        const head = await headOf(subPath, locale, page);
        // A buyer's page is rendered for this request alone; any other is kept with its body.
        const keep = page ? (page.personal ? undefined : page) : shellOf(`${locale}\u0000${head}`);
        return sendHtml(req, reply, () => withPage(withMeta(indexHtml, head), locale, page), keep);
      }
      return reply.code(404).send({ code: 404, message: 'Not Found', data: null });
    });
  },
  { name: 'spa' },
);
