import { gql, type ApolloClient, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { clearUserData, writeStored } from './storage';
import { displayName } from './names';

export interface SessionUser {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneArea: string;
  phoneNo: string;
  language: 'zh' | 'en';
  loginFirst: boolean;
  company: string;
  /** 'operator' for the shop's operators, else a buyer. */
  role: string;
}

export const ME: TypedDocumentNode<{ me: SessionUser | null }> = gql`
  query Me {
    me {
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
  }
`;

/** Who is logged in: the HttpOnly session cookie is invisible here, so ask the server. */
export function useSession(): { user: SessionUser | null; loading: boolean } {
  const { data, loading } = useQuery(ME, { fetchPolicy: 'cache-first' });
  return { user: data?.me ?? null, loading: loading && !data };
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
