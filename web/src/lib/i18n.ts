import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { zh } from '../locales/zh';
import { readStored, writeStored } from './storage';

export type Locale = 'zh' | 'en';

export function isLocale(v: unknown): v is Locale {
  return v === 'zh' || v === 'en';
}

/** The stored UI language (spec: stored under the `locale` key, default en). */
export function storedLocale(): Locale {
  const v = readStored('locale');
  return v === 'zh' ? 'zh' : 'en';
}

export function storeLocale(next: Locale): void {
  writeStored('locale', next);
}

/** The spec stores the language locally and reloads the page when it changes. */
export function switchLocale(next: Locale): void {
  storeLocale(next);
  window.location.reload();
}

export function initI18n(): typeof i18n {
  const lng = storedLocale();
  document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, zh: { translation: zh } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}
