// The head of a page as a link preview reads it (WeChat's link card, search results): its title,
// description and picture, in the page's language. Built on the server only (ssr.tsx): the browser
// never needs these texts.
import { matchPath } from 'react-router-dom';
import type { BookDetails } from './features/catalog/book-api';
import { BASE, BRAND } from './lib/config';
import type { Locale } from './lib/i18n';
import { enShell } from './locales/en/shell';
import { zhShell } from './locales/zh/shell';

export interface PageMeta {
  title: string;
  description: string;
  /** A path under the site (the gateway makes it absolute): the book's cover, else the brand's mark. */
  image: string;
  type: 'website' | 'book';
}

const DESCRIPTION: Record<Locale, (brand: string) => string> = {
  en: (brand) => `${brand}: the publications as e-books (PDF) and on paper, paid with WeChat Pay, Alipay, PayPal or by bank transfer.`,
  zh: (brand) => `${brand}：电子书（PDF）与纸质书，可用微信支付、支付宝、PayPal 或银行转账购买。`,
};

const LEGAL: Record<Locale, Record<string, string>> = { en: enShell.legal, zh: zhShell.legal };
const ORDERS: Record<Locale, string> = { en: enShell.nav.orders, zh: zhShell.nav.orders };

const withBrand = (page: string, locale: Locale) => `${page} · ${BRAND.name[locale]}`;

/** The head of the page at this path (under the base); `book` is the book page's data when it was rendered. */
export function pageMeta(path: string, locale: Locale, book?: Pick<BookDetails, 'title' | 'introduction' | 'cover'> | null): PageMeta {
  const site: PageMeta = { title: BRAND.name[locale], description: DESCRIPTION[locale](BRAND.name[locale]), image: BRAND.markUrl, type: 'website' };
  if (matchPath('/bookDetail/:bookId', path) && book)
    return {
      title: withBrand(book.title, locale),
      description: book.introduction || site.description,
      image: `${BASE}covers/${encodeURIComponent(book.cover)}`,
      type: 'book',
    };
  const legal = matchPath('/legal/:page', path)?.params.page;
  if (legal && legal in LEGAL[locale]) return { ...site, title: withBrand(LEGAL[locale][legal]!, locale) };
  if (path === '/orders') return { ...site, title: withBrand(ORDERS[locale], locale) };
  return site;
}
