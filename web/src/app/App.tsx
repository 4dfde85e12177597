import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import type { QueryStore } from '../lib/data/query-store';
import { browserEmotionCache } from '../lib/emotion-cache';
import type { EntryFlags } from './entry';
import { Providers } from './providers';
import { AppRouter } from './router';

/** The whole SPA in the browser: main.tsx loads this module as the last step of its start-up. */
export function App({ store, i18n, flags, prerendered }: { store: QueryStore; i18n: I18n; flags: EntryFlags; prerendered: boolean }) {
  return (
    <StrictMode>
      <Providers store={store} i18n={i18n} prerendered={prerendered} emotionCache={browserEmotionCache()}>
        <AppRouter flags={flags} />
      </Providers>
    </StrictMode>
  );
}
