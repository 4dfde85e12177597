import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { StorefrontSettings } from './spa-settings.js';

export type Locale = 'zh' | 'en';

type Execute = (query: string, variables: Record<string, unknown>) => Promise<{ data?: unknown; errors?: readonly unknown[] | null }>;

/** What web/src/ssr.tsx exports (built to web/dist-ssr/ssr.js). */
interface Renderer {
  prerenderedPath(path: string): string | null;
  render(req: { path: string; locale: Locale; session: boolean; execute: Execute }): Promise<{ html: string; state: unknown; routerPath: string } | null>;
}

export interface PrerenderedPage {
  html: string;
  state: unknown;
  locale: Locale;
}

// The renderer reads the storefront settings when its modules are evaluated (they are constants
// of the SPA): each gateway loads its own copy, one load at a time, with its settings handed over.
let loads: Promise<unknown> = Promise.resolve();
let instances = 0;

function loadRenderer(file: string, settings: StorefrontSettings): Promise<Renderer> {
  const load = loads.then(async () => {
    (globalThis as { shopPrerenderSettings?: StorefrontSettings }).shopPrerenderSettings = settings;
    try {
      return (await import(`${pathToFileURL(file).href}?instance=${++instances}`)) as Renderer;
    } finally {
      delete (globalThis as { shopPrerenderSettings?: StorefrontSettings }).shopPrerenderSettings;
    }
  });
  loads = load.catch(() => undefined);
  return load;
}

const isLocale = (v: unknown): v is Locale => v === 'zh' || v === 'en';

/**
 * The language of the page a request gets, as the SPA will choose it: the language entry paths
 * and `?language=` first, then the stored choice (the SPA copies it into the `locale` cookie),
 * else the spec's default, English.
 */
export function requestLocale(req: FastifyRequest, subPath: string): Locale {
  if (subPath === '/zhPage') return 'zh';
  if (subPath === '/enPage') return 'en';
  const q = (req.query ?? {}) as Record<string, unknown>;
  if (isLocale(q.language)) return q.language;
  const cookie = req.cookies?.locale;
  return isLocale(cookie) ? cookie : 'en';
}

/** True when the page may be shown to a logged-in buyer: the session cookie, or a token the SPA stores on entry. */
function mayHaveSession(req: FastifyRequest, routerPath: string): boolean {
  const q = (req.query ?? {}) as Record<string, unknown>;
  return Boolean(req.cookies?.token) || q.orderToken !== undefined || (routerPath === '/index' && q.token !== undefined);
}

const MAX_PAGES = 64;
const TTL_MS = 60_000;

/**
 * Renders the public pages (book list, book page) to HTML with the SPA's own components, for the
 * browser to paint before its scripts run. The HTML is the same for every guest, so it is kept
 * per page, language and session-or-not for as long as the catalogue snapshot it came from.
 */
export class Prerenderer {
  private renderer?: Promise<Renderer>;
  private readonly pages = new Map<string, { at: number; validUntil: number; page: Promise<PrerenderedPage | null> }>();

  constructor(
    private readonly file: string,
    private readonly settings: StorefrontSettings,
    private readonly execute: (locale: Locale) => Execute,
    private readonly catalogValidUntil: () => number,
    /** Only the catalogue's books are prerendered: any other id would be a render per request. */
    private readonly isBook: (id: string) => Promise<boolean>,
  ) {}

  static available(file: string): boolean {
    return existsSync(file);
  }

  /**
   * Loads the renderer and renders a guest's book list in each language, the page most first
   * visits land on (/index, /enPage, /zhPage): the first buyers after a start find it rendered
   * instead of waiting for the renderer to load and for its first, slowest render. On a loaded
   * machine those two took 3 s and more, and past the gateway's wait a guest got the empty shell
   * (the SPA then renders the page itself and asks for its data).
   */
  async warm(): Promise<void> {
    const renderer = await this.load();
    for (const locale of ['en', 'zh'] as const) await this.rendered(renderer, '/index', locale, false);
  }

  private load(): Promise<Renderer> {
    this.renderer ??= loadRenderer(this.file, this.settings);
    return this.renderer;
  }

  /** The page for a path under the base (e.g. /index), or null when it is not prerendered. */
  async page(req: FastifyRequest, subPath: string): Promise<PrerenderedPage | null> {
    const renderer = await this.load();
    const routerPath = renderer.prerenderedPath(subPath);
    if (!routerPath) return null;
    const bookId = /^\/bookDetail\/(.+)$/.exec(routerPath)?.[1];
    if (bookId !== undefined && !(await this.isBook(bookId))) return null;
    return this.rendered(renderer, routerPath, requestLocale(req, subPath), mayHaveSession(req, routerPath));
  }

  /** The page held for this path, language and session-or-not, rendered when none is held. */
  private rendered(renderer: Renderer, routerPath: string, locale: Locale, session: boolean): Promise<PrerenderedPage | null> {
    const key = `${routerPath}\u0000${locale}\u0000${session}`;
    const now = Date.now();
    const held = this.pages.get(key);
    if (held && now < held.validUntil) return held.page;
    const page = renderer
      .render({ path: routerPath, locale, session, execute: this.execute(locale) })
      .then((r) => (r ? { html: r.html, state: r.state, locale } : null));
    const entry = { at: now, validUntil: now + TTL_MS, page };
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, entry);
    page.then(
      () => {
        // Not beyond the catalogue snapshot the answer was built from.
        const until = this.catalogValidUntil();
        if (until > 0) entry.validUntil = Math.min(entry.validUntil, until);
      },
      () => this.pages.delete(key),
    );
    return page;
  }
}

/** index.html with the page's language, its prerendered markup and the data it was rendered from. */
export function withPage(indexHtml: string, locale: Locale, page: PrerenderedPage | null): string {
  let html = indexHtml.replace(/<html lang="[^"]*"/, `<html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"`);
  if (!page) return html;
  const state = JSON.stringify({ locale: page.locale, results: page.state }).replace(/</g, '\\u003c');
  html = html.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div><script type="application/json" id="shop-state">${state}</script>`);
  return html;
}
