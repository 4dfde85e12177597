import { HttpLink } from '@apollo/client/link/http';
import { REQUEST_TIMEOUT_MS } from './config';
import { storedLocale } from './i18n';

// Spec section 7: a 5 s request timeout, on top of Apollo's own abort signal.
const timedFetch: typeof fetch = (input, init) => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal });
};

/** The SPA's GraphQL transport. The language only changes with a reload, so the locale header is fixed. */
export function createHttpLink(): HttpLink {
  return new HttpLink({
    uri: '/graphql',
    credentials: 'include',
    headers: { locale: storedLocale() },
    fetch: timedFetch,
  });
}
