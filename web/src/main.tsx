import type { NormalizedCacheObject } from '@apollo/client';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readEntry } from './app/entry';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { createApolloClient } from './lib/apollo';
import { initI18n, storedLocale } from './lib/i18n';

interface Prerendered {
  locale: 'zh' | 'en';
  apollo: NormalizedCacheObject;
}

/** The data the gateway rendered this page's HTML from (gateway/src/plugins/spa-prerender.ts). */
function prerenderedState(): Prerendered | null {
  try {
    const text = document.getElementById('shop-state')?.textContent;
    return text ? (JSON.parse(text) as Prerendered) : null;
  } catch {
    return null;
  }
}

// Entry paths and query parameters first: they may set the language of the texts and requests.
const flags = readEntry();
const container = document.getElementById('root')!;
const state = prerenderedState();
// The HTML can only be taken over when it is in the language this browser chose; otherwise
// (a choice the server could not see) the page is rendered afresh.
const hydrate = state !== null && container.firstElementChild !== null && state.locale === storedLocale();
const client = createApolloClient(hydrate ? state.apollo : undefined);

void initI18n().then((i18n) => {
  const app = (
    <StrictMode>
      <Providers client={client} i18n={i18n}>
        <AppRouter flags={flags} />
      </Providers>
    </StrictMode>
  );
  if (hydrate) {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // blocking the main thread for the whole page (the page is already painted meanwhile).
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  container.replaceChildren();
  createRoot(container).render(app);
});
