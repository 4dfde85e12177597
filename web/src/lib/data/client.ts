import type { ApolloClient } from '@apollo/client';
import type { ClientSource } from './query-store';

// The browser's one Apollo client, loaded when something first needs it (lib/apollo.ts makes it):
// a guest's prerendered book list or book page shows the answers it came with and may never load
// Apollo at all (client and cache are a large part of the first load's JavaScript).
let client: ApolloClient | null = null;
let loading: Promise<ApolloClient> | null = null;
const onLoaded: Array<(client: ApolloClient) => void> = [];

/** The client if it is loaded. */
export function loadedClient(): ApolloClient | null {
  return client;
}

/**
 * The client, loaded on first call. A failed load (a dropped connection) is tried again by the
 * next call. Those waiting for it are told the client exists (the query store seeds the cache
 * and follows its queries) before anyone who asked gets it.
 */
export function loadClient(): Promise<ApolloClient> {
  loading ??= import('../apollo').then(
    ({ createApolloClient }) => {
      client = createApolloClient();
      for (const listener of onLoaded) listener(client);
      return client;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The browser's client source for the query store. */
export const browserClients: ClientSource = {
  loaded: loadedClient,
  load: loadClient,
  onLoaded: (listener) => {
    onLoaded.push(listener);
    if (client) listener(client);
  },
};
