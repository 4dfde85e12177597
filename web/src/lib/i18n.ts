import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en/common';
import { zh } from '../locales/zh/common';

export type Locale = 'zh' | 'en';
const storageKey = 'locale';

export function storedLocale(): Locale {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(storageKey) : null;
  return v === 'zh' ? 'zh' : 'en';
}

/** The spec stores the language locally and reloads the page when it changes. */
export function switchLocale(next: Locale): void {
  localStorage.setItem(storageKey, next);
  window.location.reload();
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: storedLocale(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export default i18n;
