import type { NormalizedCacheObject } from '@apollo/client';
import { startTransition } from 'react';
import { readEntry } from './app/entry';
import { initI18n, storedLocale } from './lib/i18n';
import { yieldToMain } from './lib/yield';

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

/** Fetches the files of all start-up steps at once (index.html lists them, see vite.config.ts). */
function preloadStartFiles(): void {
  try {
    const files = JSON.parse(document.getElementById('shop-start-files')?.textContent ?? '[]') as string[];
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  } catch {
    // Without the list each step fetches its own files when it comes (slower, still correct).
  }
}

/**
 * Start-up in steps, each its own task (yieldToMain between them), so none blocks the page for
 * long on a phone: the libraries are evaluated chunk by chunk (dynamic imports, their files
 * fetched together first), the Chakra system and the Apollo
 * client are built, then React hydrates the prerendered HTML as a transition, which yields every
 * few milliseconds by itself. The prerendered page is painted and readable meanwhile.
 */
async function start(): Promise<void> {
  preloadStartFiles();
  // Entry paths and query parameters first: they may set the language of the texts and requests.
  const flags = readEntry();
  const container = document.getElementById('root')!;
  const state = prerenderedState();
  // The HTML can only be taken over when it is in the language this browser chose; otherwise
  // (a choice the server could not see) the page is rendered afresh.
  const hydrate = state !== null && container.firstElementChild !== null && state.locale === storedLocale();

  await yieldToMain();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await yieldToMain();
  const { shopSystem, shopSystemForPrerendered } = await import('./lib/system');
  await yieldToMain();
  if (hydrate) shopSystemForPrerendered();
  else shopSystem();
  await yieldToMain();
  const { createApolloClient } = await import('./lib/apollo');
  await yieldToMain();
  const client = createApolloClient(hydrate ? state.apollo : undefined);
  await yieldToMain();
  const i18n = await initI18n();
  await yieldToMain();
  const { App } = await import('./app/App');
  await yieldToMain();

  const app = <App client={client} i18n={i18n} flags={flags} prerendered={hydrate} />;
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
}

void start();
