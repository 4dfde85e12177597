import { ChakraProvider } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import type { QueryStore } from '../lib/data/query-store';
import { QueryStoreProvider } from '../lib/data/use-shop-query';
import { HydrationProvider } from '../lib/hydrated';
import { shopSystem, shopSystemForPrerendered } from '../lib/system';
import { TranslationProvider } from '../lib/use-translation';

interface Props {
  /** Where the first screen's queries read (lib/data/); screens and dialogs with Apollo's hooks bring their client (lib/lazy.ts). */
  store: QueryStore;
  i18n: I18n;
  /** The page's HTML came prerendered with Chakra's global CSS in it (the browser hydrates it). */
  prerendered?: boolean;
  /** The browser's Emotion cache (lib/emotion-cache.ts); the server render uses Emotion's own. */
  emotionCache?: EmotionCache;
  children: ReactNode;
}

export function Providers({ store, i18n, prerendered = false, emotionCache, children }: Props) {
  const chakra = (
    <ChakraProvider value={prerendered ? shopSystemForPrerendered() : shopSystem()}>
      <TranslationProvider i18n={i18n}>
        <QueryStoreProvider store={store}>
          <HydrationProvider hydrating={prerendered}>{children}</HydrationProvider>
        </QueryStoreProvider>
      </TranslationProvider>
    </ChakraProvider>
  );
  return emotionCache ? <CacheProvider value={emotionCache}>{chakra}</CacheProvider> : chakra;
}
