import { lazy, type ComponentType } from 'react';
import { loadClient } from './data/client';
import { loadScreenTexts } from './i18n';

/** A lazily loaded screen or dialog that needs the texts beyond the first screen. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithTexts<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), loadScreenTexts()]).then(([m]) => m));
}

/**
 * A lazily loaded screen or dialog that also uses Apollo's hooks (its mutations, its queries):
 * it comes with the Apollo client, loaded with it if this is the first thing that needs it, and
 * under its own ApolloProvider (the first screen reads its data without Apollo, lib/data/).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithClient<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() =>
    Promise.all([load(), loadScreenTexts(), import('./data/with-client'), loadClient()]).then(([m, , { withClient }, client]) => ({
      default: withClient(m.default, client),
    })),
  );
}
