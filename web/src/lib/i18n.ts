import type { i18n as I18n } from 'i18next';
import type { Messages } from '../locales/en';
import { readStored, writeStored } from './storage';
import { createTranslator, type Translator } from './translator';

export type Locale = 'zh' | 'en';

export function isLocale(v: unknown): v is Locale {
  return v === 'zh' || v === 'en';
}

// On the server (prerendering) there is no local storage: the page's language is set per render.
let renderLocale: Locale | null = null;

/** Prerendering only: the language of the page being rendered now (null after it). */
export function setRenderLocale(locale: Locale | null): void {
  renderLocale = locale;
}

/** The stored UI language (spec: stored under the `locale` key, default en). */
export function storedLocale(): Locale {
  if (renderLocale) return renderLocale;
  const v = readStored('locale');
  if (v === 'zh' || v === 'en') return v;
  return landsFromPayment() && prefersChinese() ? 'zh' : 'en';
}

/**
 * A payment result page is often opened where nothing is stored (the provider's page on another
 * host name, the phone that paid): there the browser's language speaks for the buyer, so a
 * Chinese buyer is not told about the payment in English. Elsewhere the spec's default, en.
 */
function landsFromPayment(): boolean {
  return typeof window !== 'undefined' && /\/views\/pay\//.test(window.location.pathname);
}

function prefersChinese(): boolean {
  const langs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return /^zh\b/i.test(langs[0] ?? '');
}

/**
 * A copy of the choice in a cookie, so the gateway sends the HTML of a prerendered page in the
 * buyer's language (it cannot read local storage).
 */
function syncLocaleCookie(locale: Locale): void {
  if (typeof document === 'undefined' || document.cookie.split('; ').includes(`locale=${locale}`)) return;
  document.cookie = `locale=${locale}; max-age=31536000; path=/; samesite=lax`;
}

export function storeLocale(next: Locale): void {
  writeStored('locale', next);
  syncLocaleCookie(next);
}

/** The spec stores the language locally and reloads the page when it changes. */
export function switchLocale(next: Locale): void {
  storeLocale(next);
  window.location.reload();
}

// The first screen's texts, a file per language: main.tsx fetches the one of the stored language
// with the start-up files (index.html lists both, #shop-page-files), so it is there when the
// start-up comes to it and the other language's never loads. The texts of the dialogs and other
// pages come with the first of them (loadScreenTexts), only for the language in use.
const shellLoaders: Record<Locale, () => Promise<Partial<Messages>>> = {
  en: () => import('../locales/en/shell').then((m) => m.enShell),
  zh: () => import('../locales/zh/shell').then((m) => m.zhShell),
};
const screenLoaders: Record<Locale, () => Promise<Partial<Messages>>> = {
  en: () => import('../locales/en/screens').then((m) => m.enScreens),
  zh: () => import('../locales/zh/screens').then((m) => m.zhScreens),
};

let translator: Translator | null = null;

/**
 * The texts of the first screen in the stored language, for the SPA's components (lib/use-translation.ts):
 * its own translator (lib/translator.ts), which does for these texts what i18next does on the server.
 */
export async function initI18n(): Promise<I18n> {
  const lng = storedLocale();
  // A language taken from the browser on a payment result page is kept for the pages after it.
  if (!isLocale(readStored('locale')) && lng === 'zh') storeLocale(lng);
  syncLocaleCookie(lng);
  // Set only when it changes: setting <html lang> at all makes the browser restyle the whole
  // page (:lang), about 100 ms on a phone for a page that came in the right language.
  const lang = lng === 'zh' ? 'zh-CN' : 'en';
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
  translator = createTranslator(lng, await shellLoaders[lng]());
  // The translator is the part of an i18next instance that the SPA and react-i18next's Trans use.
  return translator as unknown as I18n;
}

/**
 * A bundle of texts added to the translator once, in the stored language, when first asked for.
 * On the server the renderer hands each page the texts it needs (web/src/ssr.tsx): nothing to load.
 */
function textsOnce(loaders: Record<Locale, () => Promise<Partial<Messages>>>): () => Promise<void> {
  let loaded: Promise<void> | null = null;
  return () => {
    if (renderLocale) return Promise.resolve();
    loaded ??= loaders[storedLocale()]().then((texts) => {
      translator?.addResourceBundle(storedLocale(), 'translation', texts);
    });
    return loaded;
  };
}

/** Adds the texts of the dialogs and pages beyond the first screen. */
export const loadScreenTexts = textsOnce(screenLoaders);

/** Adds the operator console's texts: no buyer's page loads them. */
export const loadAdminTexts = textsOnce({
  en: () => import('../locales/en/admin').then((m) => ({ admin: m.enAdmin })),
  zh: () => import('../locales/zh/admin').then((m) => ({ admin: m.zhAdmin })),
});
