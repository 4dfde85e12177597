import { ApolloClient, ApolloLink, CombinedGraphQLErrors, InMemoryCache } from '@apollo/client';
import { onError } from '@apollo/client/link/error';
import { createHttpLink } from './apollo-http';
import { ME, rememberUser } from './session';

/** The cache with the SPA's identities; the prerendering on the server uses the same. */
export function createShopCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      User: { keyFields: ['userId'] },
      Country: { keyFields: ['code'] },
      Order: { keyFields: ['orderNo'] },
      AdminOrder: { keyFields: ['orderNo'] },
      RegistrationMirror: { keyFields: ['userId'] },
      AdminAccount: { keyFields: ['userId'] },
      PaymentIntent: { keyFields: ['id'] },
      // Books carry per-buyer fields (ebookPurchased) and titles per language: keep per query.
      Book: { keyFields: false },
      PurchaseInfo: { keyFields: false },
      Query: {
        fields: {
          orders: { keyArgs: ['filter', 'page', 'pageSize'] },
          adminOrders: { keyArgs: ['filter', 'page', 'pageSize'] },
          registrationMirrors: { keyArgs: ['status', 'page', 'pageSize'] },
        },
      },
    },
  });
}

/**
 * The one Apollo client of the browser, loaded when something first needs the network or the
 * cache (lib/data/client.ts), after the entry parameters were read (they may set the language of
 * its requests, lib/apollo-http.ts). The answers a prerendered page came with are written into its
 * cache by the query store (lib/data/query-store.ts) before anyone uses it.
 */
export function createApolloClient(): ApolloClient {
  const cache = createShopCache();
  // A session ended elsewhere (logout, password change, a disabled account) shows on the next
  // answer that needs it: the page forgets the buyer at once and asks for a login, not a reload.
  const sessionLost = onError(({ error }) => {
    if (!CombinedGraphQLErrors.is(error) || !error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) return;
    if (!cache.readQuery({ query: ME })?.me) return;
    cache.writeQuery({ query: ME, data: { me: null } });
    rememberUser(null);
  });
  return new ApolloClient({ link: ApolloLink.from([sessionLost, createHttpLink()]), cache });
}
