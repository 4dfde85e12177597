import { ApolloClient, ApolloLink, CombinedGraphQLErrors, InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import { onError } from '@apollo/client/link/error';
import { from, mergeMap } from 'rxjs';
import { ME, rememberUser } from './session';

// The HTTP transport (building requests, reading answers) is loaded with the first request: a
// guest's prerendered book list or book page starts from the restored cache and asks nothing at
// first, so its first load does without it. A failed load is tried again by the next request.
let transport: Promise<ApolloLink> | null = null;
const loadTransport = () =>
  (transport ??= import('./apollo-http').then(
    (m) => m.createHttpLink(),
    (err: unknown) => {
      transport = null;
      throw err;
    },
  ));

const lazyHttp = new ApolloLink((operation, forward) => from(loadTransport()).pipe(mergeMap((link) => link.request(operation, forward))));

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
 * the language of its requests, lib/apollo-http.ts).
 * `prerendered` is the cache the server rendered the page's HTML from: restored before hydrating,
 * the first render reads the same answers and matches the HTML.
 */
export function createApolloClient(prerendered?: NormalizedCacheObject): ApolloClient {
  const cache = createShopCache();
  if (prerendered) cache.restore(prerendered);
  // A page the gateway rendered for a guest (`me: null`) starts from its answers and may never ask;
  // anyone else (logged in, or a page rendered here) asks at once: the transport loads right away.
  if (cache.readQuery({ query: ME })?.me !== null) loadTransport().catch(() => undefined);
  // A session ended elsewhere (logout, password change, a disabled account) shows on the next
  // answer that needs it: the page forgets the buyer at once and asks for a login, not a reload.
  const sessionLost = onError(({ error }) => {
    if (!CombinedGraphQLErrors.is(error) || !error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) return;
    if (!cache.readQuery({ query: ME })?.me) return;
    cache.writeQuery({ query: ME, data: { me: null } });
    rememberUser(null);
  });
  const client = new ApolloClient({ link: ApolloLink.from([sessionLost, lazyHttp]), cache });
  // A page rendered here needs to know who is logged in before it shows anything of a buyer's (My
  // Orders): asked now, while the rest of the start-up runs, rather than at the first render;
  // useSession then finds the answer, or the same request in flight (deduplicated). Not when
  // hydrating: an answer there before the first render would not match the HTML.
  if (!prerendered) signedIn(client).catch(() => undefined);
  return client;
}

/** Whether a buyer or operator is logged in: the restored answer, the one in flight, or a new one. */
export function signedIn(client: ApolloClient): Promise<boolean> {
  return client.query({ query: ME }).then(({ data }) => Boolean(data?.me));
}
