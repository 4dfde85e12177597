import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';

// The SPA's texts reach its components through this hook, with the i18next instance (the server's)
// or the translator (the browser's, lib/translator.ts) that app/providers.tsx hands down.
// react-i18next's useTranslation does more (namespaces, Suspense until texts load, a re-render on a
// language change) that the SPA does not use: the language never changes without a reload
// (lib/i18n.ts, switchLocale), and a screen is rendered only once its texts are there
// (lib/lazy.ts). Its hook was 1.4 KiB of a guest's first load; react-i18next's Trans, for the texts
// with links in them, is loaded only with the screens that use it (features/legal/AgreeNote.tsx).

const TranslationContext = createContext<I18n | null>(null);

export function TranslationProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(TranslationContext.Provider, { value: i18n }, children);
}

/** The texts' `t`, with keys checked against the English messages (lib/i18next.d.ts), and the instance they come from. */
export function useTranslation(): { t: TFunction<'translation'>; i18n: I18n } {
  const i18n = useContext(TranslationContext);
  if (!i18n) throw new Error('useTranslation: no TranslationProvider above');
  // A bound `t` of the instance's language, as react-i18next's hook returns (i18n.t reads `this`).
  const t = useMemo(() => i18n.getFixedT(null, 'translation'), [i18n]);
  return { t, i18n };
}
