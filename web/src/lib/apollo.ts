import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import { onError } from '@apollo/client/link/error';
import { REQUEST_TIMEOUT_MS } from './config';
import { storedLocale } from './i18n';
import { ME, rememberUser } from './session';

// Spec section 7: a 5 s request timeout, on top of Apollo's own abort signal.
const timedFetch: typeof fetch = (input, init) => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal });
};

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
 * The one Apollo client, created at start-up after the entry parameters were read (they may set
 * the language). The language only changes with a reload, so the locale header is fixed.
 * `prerendered` is the cache the server rendered the page's HTML from: restored before hydrating,
 * the first render reads the same answers and matches the HTML.
 */
export function createApolloClient(prerendered?: NormalizedCacheObject): ApolloClient {
  const cache = createShopCache();
  if (prerendered) cache.restore(prerendered);
  // A session ended elsewhere (logout, password change, a disabled account) shows on the next
  // answer that needs it: the page forgets the buyer at once and asks for a login, not a reload.
  const sessionLost = onError(({ error }) => {
    if (!CombinedGraphQLErrors.is(error) || !error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) return;
    if (!cache.readQuery({ query: ME })?.me) return;
    cache.writeQuery({ query: ME, data: { me: null } });
    rememberUser(null);
  });
  const http = new HttpLink({
    uri: '/graphql',
    credentials: 'include',
    headers: { locale: storedLocale() },
    fetch: timedFetch,
  });
  return new ApolloClient({ link: ApolloLink.from([sessionLost, http]), cache });
}
