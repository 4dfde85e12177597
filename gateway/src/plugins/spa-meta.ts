import type { Locale } from './spa-prerender.js';

/** A page's title, description and picture (web/src/page-meta.ts builds them from the brand and the book). */
export interface PageMeta {
  title: string;
  description: string;
  /** A path on this site, or an absolute URL. */
  image: string;
  type: 'website' | 'book';
}

const OG_LOCALE: Record<Locale, string> = { zh: 'zh_CN', en: 'en_US' };

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page's <title>, meta description and Open Graph tags, which link previews read from the
 * HTML alone (WeChat's link card runs no script): absolute URLs on PUBLIC_URL, the page's URL with
 * its language so the card opens the page in the language it was shared in.
 */
export function metaTags(meta: PageMeta, at: { publicUrl: string; basePath: string; routerPath: string; locale: Locale; siteName: string }): string {
  const absolute = (p: string) => (/^https?:\/\//.test(p) ? p : `${at.publicUrl}${p.startsWith('/') ? '' : '/'}${p}`);
  const url = `${at.publicUrl}${at.basePath}${at.routerPath.replace(/^\//, '')}?language=${at.locale}`;
  const tags: Array<[string, string, string]> = [
    ['name', 'description', meta.description],
    ['property', 'og:type', meta.type],
    ['property', 'og:site_name', at.siteName],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:image', absolute(meta.image)],
    ['property', 'og:url', url],
    ['property', 'og:locale', OG_LOCALE[at.locale]],
  ];
  return `<title>${escapeAttr(meta.title)}</title>${tags.map(([k, n, v]) => `<meta ${k}="${n}" content="${escapeAttr(v)}">`).join('')}`;
}

/** index.html with its <title> replaced by the page's head. */
export function withMeta(indexHtml: string, tags: string): string {
  return indexHtml.replace(/<title>[^<]*<\/title>/, () => tags);
}
