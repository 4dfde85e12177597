import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createElement, type ComponentType } from 'react';

/**
 * A lazily loaded screen or dialog that uses Apollo's hooks (a mutation, a query of its own),
 * with the client it needs: the first screen has no ApolloProvider (lib/lazy.ts, lazyWithClient).
 */
export function withClient<P extends object>(Component: ComponentType<P>, client: ApolloClient): ComponentType<P> {
  function WithClient(props: P) {
    return <ApolloProvider client={client}>{createElement(Component, props)}</ApolloProvider>;
  }
  WithClient.displayName = `WithClient(${Component.displayName ?? Component.name})`;
  return WithClient;
}
