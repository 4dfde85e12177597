import type { OperationVariables } from '@apollo/client';
import type { TadaDocumentNode } from 'gql.tada';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { QueryPolicy, QueryState, QueryStore } from './query-store';

const QueryStoreContext = createContext<QueryStore | null>(null);

/** The store the first screen's queries read from (main.tsx makes the browser's, ssr.tsx one per page). */
export function QueryStoreProvider({ store, children }: { store: QueryStore; children: ReactNode }) {
  return <QueryStoreContext.Provider value={store}>{children}</QueryStoreContext.Provider>;
}

/**
 * A query of a screen the gateway may render (who is logged in, the book list, a book's page,
 * My Orders' list): what Apollo's useQuery gives, from the answers embedded in the prerendered
 * page until Apollo is loaded and from Apollo's watchQuery after (lib/data/query-store.ts). One
 * hook either way, so nothing changes its hooks when Apollo arrives. Other screens use Apollo's
 * own hooks.
 */
export function useShopQuery<T, V extends OperationVariables>(document: TadaDocumentNode<T, V>, variables: V, policy: QueryPolicy): QueryState<T> {
  const store = useContext(QueryStoreContext);
  if (!store) throw new Error('useShopQuery: no QueryStoreProvider above');
  const entry = store.entry(document as TadaDocumentNode<unknown, OperationVariables>, variables, policy);
  return useSyncExternalStore(entry.subscribe, entry.getSnapshot, entry.getServerSnapshot) as QueryState<T>;
}
