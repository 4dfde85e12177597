import type { ApolloClient } from '@apollo/client';
import { useShopQuery } from './data/use-shop-query';
import { graphql, type ResultOf } from './graphql';
import { clearUserData, writeStored } from './storage';
import { displayName } from './names';

/** What the SPA knows of the logged-in user: asked for by `me`, and answered by login and registration. */
export const SESSION_USER_FIELDS = graphql(`
  fragment SessionUserFields on User {
    userId
    firstName
    lastName
    email
    phoneArea
    phoneNo
    language
    loginFirst
    company
    role
  }
`);

export const ME = graphql(
  `
    query Me {
      me {
        ...SessionUserFields
      }
    }
  `,
  [SESSION_USER_FIELDS],
);

/** The logged-in buyer or operator; `role` is 'operator' for the shop's operators, else a buyer. */
export type SessionUser = NonNullable<ResultOf<typeof ME>['me']>;

/**
 * Who is logged in: the HttpOnly session cookie is invisible here, so ask the server. A page the
 * gateway prerendered for a guest says so itself (`me: null`): no question, no Apollo.
 */
export function useSession(): { user: SessionUser | null; loading: boolean } {
  const { data, loading } = useShopQuery(ME, {}, { fetchPolicy: 'cache-first' });
  return { user: data?.me ?? null, loading: loading && !data };
}

/** Whether a buyer or operator is logged in: the cached answer, the one in flight, or a new one. */
export function signedIn(client: ApolloClient): Promise<boolean> {
  return client.query({ query: ME }).then(({ data }) => Boolean(data?.me));
}

/** Keeps the legacy client-side copies (spec section 3) in step with the session. */
export function rememberUser(u: SessionUser | null): void {
  if (!u) {
    clearUserData();
    return;
  }
  writeStored('email', u.email);
  writeStored('userId', u.userId);
  writeStored('phonenumber', u.phoneNo || null);
  writeStored('user', displayName(u.firstName, u.lastName));
  writeStored('names', JSON.stringify({ firstName: u.firstName, lastName: u.lastName }));
  writeStored('company', u.company || null);
  writeStored('loginFirst', String(u.loginFirst));
}

/** After login, register or logout: every cached answer may depend on the buyer, so refetch. */
export async function sessionChanged(client: ApolloClient): Promise<void> {
  // Queries of a screen that unmounts meanwhile (My Orders after a logout) are aborted: fine.
  await client.resetStore().catch(() => undefined);
  const { data } = await client.query({ query: ME, fetchPolicy: 'cache-first' }).catch(() => ({ data: undefined }));
  rememberUser(data?.me ?? null);
}
