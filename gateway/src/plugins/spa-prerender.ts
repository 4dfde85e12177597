import { existsSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isTimeZone } from '@shop/config';
import type { FastifyRequest } from 'fastify';
import type { PageMeta } from './spa-meta.js';
import type { StorefrontSettings } from './spa-settings.js';

export type Locale = 'zh' | 'en';
/** The layout a page is rendered in: My Orders is other markup on a phone (web/src/lib/viewport.ts). */
export type Layout = 'phone' | 'desktop';

type Execute = (query: string, variables: Record<string, unknown>) => Promise<{ data?: unknown; errors?: readonly unknown[] | null }>;

/** What web/src/ssr.tsx exports (built to web/dist-ssr/ssr.js). */
interface Renderer {
  prerenderedPath(path: string): string | null;
  buyerPagePath(path: string): string | null;
  render(req: {
    path: string;
    locale: Locale;
    session: boolean;
    execute: Execute;
    layout?: Layout;
    timeZone?: string;
  }): Promise<{ html: string; head: string; state: unknown; routerPath: string; meta: PageMeta } | null>;
  shellMeta(path: string, locale: Locale): PageMeta;
}

export interface PrerenderedPage {
  html: string;
  /** Its style sheets, the last elements of <head>. */
  head: string;
  state: unknown;
  locale: Locale;
  /** Rendered for the buyer of the request's session: for nobody else, never kept. */
  personal: boolean;
  layout?: Layout;
  /** The zone its times were rendered in (a buyer's page), embedded for the browser's hydration. */
  timeZone?: string;
  /** The path it was rendered for (e.g. /index for /zhPage) and its head. */
  routerPath: string;
  meta: PageMeta;
}

export interface PrerendererOptions<User> {
  /** web/dist-ssr/ssr.js */
  file: string;
  settings: StorefrontSettings;
  /** Runs queries in-process in a language, as the given user (null: anonymously). */
  execute: (locale: Locale, user: User | null) => Execute;
  /** Until when the catalogue snapshot the public pages come from holds. */
  catalogValidUntil: () => number;
  /** Only the catalogue's books are prerendered: any other id would be a render per request. */
  isBook: (id: string) => Promise<boolean>;
  /** Who the request's session belongs to (a buyer's page is rendered only for them). */
  findBuyer: (req: FastifyRequest) => Promise<User | null>;
}

// The renderer reads the storefront settings when its modules are evaluated (they are constants
// of the SPA): a gateway loads its own copy, one load at a time, with its settings handed over.
// Gateways of one process with the same settings and the same build share a copy (the tests build
// dozens of gateways in one process; each load costs seconds of CPU and stays in memory for good).
let loads: Promise<unknown> = Promise.resolve();
let instances = 0;
const copies = new Map<string, Promise<Renderer>>();

function loadRenderer(file: string, settings: StorefrontSettings): Promise<Renderer> {
  const key = `${file}\u0000${statSync(file).mtimeMs}\u0000${JSON.stringify(settings)}`;
  const shared = copies.get(key);
  if (shared) return shared;
  const load = loads.then(async () => {
    (globalThis as { shopPrerenderSettings?: StorefrontSettings }).shopPrerenderSettings = settings;
    try {
      return (await import(`${pathToFileURL(file).href}?instance=${++instances}`)) as Renderer;
    } finally {
      delete (globalThis as { shopPrerenderSettings?: StorefrontSettings }).shopPrerenderSettings;
    }
  });
  loads = load.catch(() => undefined);
  copies.set(key, load);
  load.catch(() => copies.delete(key));
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

/**
 * The zone a buyer's page shows its times in: the one the SPA read from the browser and keeps in
 * the `timeZone` cookie, when it is a zone this runtime knows, else the shop's (SHOP_TIME_ZONE).
 */
export function requestTimeZone(req: FastifyRequest, shopZone: string): string {
  const cookie = req.cookies?.timeZone;
  return cookie !== undefined && isTimeZone(cookie) ? cookie : shopZone;
}

/**
 * The layout the request's device most likely shows: a phone says so in its client hint
 * (Chromium, WeChat's Android browser) or in its user agent (every phone browser, Safari and
 * WeChat on iOS included, which send no hints). A wrong guess costs a re-render after hydration.
 */
export function requestLayout(req: FastifyRequest): Layout {
  if (req.headers['sec-ch-ua-mobile'] === '?1') return 'phone';
  return /Mobi|iPhone/.test(String(req.headers['user-agent'] ?? '')) ? 'phone' : 'desktop';
}

/** True when the page may be shown to a logged-in buyer: the session cookie, or a token the SPA stores on entry. */
function mayHaveSession(req: FastifyRequest, routerPath: string): boolean {
  const q = (req.query ?? {}) as Record<string, unknown>;
  return Boolean(req.cookies?.token) || q.orderToken !== undefined || (routerPath === '/index' && q.token !== undefined);
}

const MAX_PAGES = 64;
const TTL_MS = 60_000;

/**
 * Renders the SPA's first screens to HTML with its own components, for the browser to paint
 * before its scripts run. The public pages (book list, book page) are the same for every guest, so
 * they are kept per page, language and session-or-not for as long as the catalogue snapshot they
 * came from. My Orders is rendered per request for the buyer of the session, and kept nowhere.
 */
export class Prerenderer<User> {
  private renderer?: Promise<Renderer>;
  private readonly pages = new Map<string, { at: number; validUntil: number; page: Promise<PrerenderedPage | null> }>();

  constructor(private readonly options: PrerendererOptions<User>) {}

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
    this.renderer ??= loadRenderer(this.options.file, this.options.settings);
    return this.renderer;
  }

  /** The page for a path under the base (e.g. /index), or null when it is not prerendered. */
  async page(req: FastifyRequest, subPath: string): Promise<PrerenderedPage | null> {
    const renderer = await this.load();
    const buyerPath = renderer.buyerPagePath(subPath);
    if (buyerPath) return this.renderedForBuyer(renderer, req, buyerPath, requestLocale(req, subPath));
    const routerPath = renderer.prerenderedPath(subPath);
    if (!routerPath) return null;
    const bookId = /^\/bookDetail\/(.+)$/.exec(routerPath)?.[1];
    if (bookId !== undefined && !(await this.options.isBook(bookId))) return null;
    return this.rendered(renderer, routerPath, requestLocale(req, subPath), mayHaveSession(req, routerPath));
  }

  /** A buyer's page, rendered now with the request's session; null without a live one (the browser asks for a login). */
  private async renderedForBuyer(renderer: Renderer, req: FastifyRequest, routerPath: string, locale: Locale): Promise<PrerenderedPage | null> {
    const buyer = await this.options.findBuyer(req);
    if (!buyer) return null;
    const layout = requestLayout(req);
    const timeZone = requestTimeZone(req, this.options.settings.timeZone);
    const r = await renderer.render({ path: routerPath, locale, session: true, execute: this.options.execute(locale, buyer), layout, timeZone });
    return r ? { html: r.html, head: r.head, state: r.state, locale, personal: true, layout, timeZone, routerPath: r.routerPath, meta: r.meta } : null;
  }

  /** The head of a page sent as the empty shell (its title and description, no data). */
  async shellMeta(subPath: string, locale: Locale): Promise<PageMeta> {
    return (await this.load()).shellMeta(subPath, locale);
  }

  /** The page held for this path, language and session-or-not, rendered when none is held. */
  private rendered(renderer: Renderer, routerPath: string, locale: Locale, session: boolean): Promise<PrerenderedPage | null> {
    const key = `${routerPath}\u0000${locale}\u0000${session}`;
    const now = Date.now();
    const held = this.pages.get(key);
    if (held && now < held.validUntil) return held.page;
    const page = renderer
      .render({ path: routerPath, locale, session, execute: this.options.execute(locale, null) })
      .then((r) => (r ? { html: r.html, head: r.head, state: r.state, locale, personal: false, routerPath: r.routerPath, meta: r.meta } : null));
    const entry = { at: now, validUntil: now + TTL_MS, page };
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, entry);
    page.then(
      () => {
        // Not beyond the catalogue snapshot the answer was built from.
        const until = this.options.catalogValidUntil();
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
  const state = JSON.stringify({ locale: page.locale, results: page.state, layout: page.layout, timeZone: page.timeZone }).replace(/</g, '\\u003c');
  html = html.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div><script type="application/json" id="shop-state">${state}</script>`);
  // The page's style sheets (web/src/ssr-styles.ts) close its <head>.
  return html.replace('</head>', () => `${page.head}</head>`);
}
