import type { ApolloClient } from '@apollo/client';
import { PAGE_SIZES } from '../../lib/config';
import { ORDERS, type OrderFilter } from './api';

/** The variables of the list My Orders opens with (no filter, the first page, the smallest size). */
export function firstOrdersPage(): { filter: OrderFilter; page: number; pageSize: number } {
  return { filter: {}, page: 1, pageSize: PAGE_SIZES[0] };
}

/** My Orders' first list, asked for during the start-up once the buyer is known to be logged in. */
export function prefetch(client: ApolloClient, signedIn: Promise<boolean>): void {
  signedIn
    .then((yes) => (yes ? client.query({ query: ORDERS, variables: firstOrdersPage() }) : undefined))
    // The page asks again itself and shows its own error.
    .catch(() => undefined);
}
