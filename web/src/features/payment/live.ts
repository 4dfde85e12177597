import { print } from '@apollo/client/utilities';
import { createClient, type Client } from 'graphql-ws';
import { storedLocale } from '../../lib/i18n';
import { PAYMENT_STATUS, type PaymentCheck } from './api';

// The GraphQL WebSocket (graphql-transport-ws) of the payment pages. It lives in the payment
// chunk only: the first screen never loads graphql-ws. One lazily opened socket is shared by the
// QR page and the result page it leads to; it closes a moment after the last page left.

let client: Client | null = null;

function socketUrl(): string {
  const u = new URL('/graphql', window.location.href);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return u.toString();
}

function liveClient(): Client {
  client ??= createClient({
    url: socketUrl(),
    lazy: true,
    lazyCloseTimeout: 3_000,
    // No reconnect loop: a page whose socket fails falls back to polling for good.
    retryAttempts: 0,
    shouldRetry: () => false,
    // A browser cannot send headers on a WebSocket: the language of the server's messages.
    connectionParams: { locale: storedLocale() },
  });
  return client;
}

const query = print(PAYMENT_STATUS);

export interface PaymentWatch {
  /** Every state the server pushes, the current one first. */
  next(check: PaymentCheck): void;
  /** The live path is not available (socket refused or dropped, an error, an early end). */
  fallback(): void;
}

/** Subscribes to the payment state of an order; answers the unsubscribe. */
export function watchPayment(reference: string, watch: PaymentWatch): () => void {
  let over = false;
  let final = false;
  const giveUp = () => {
    if (over) return;
    over = true;
    watch.fallback();
  };
  let stop: () => void = () => {};
  try {
    stop = liveClient().subscribe<{ paymentStatus: PaymentCheck }>(
      { query, variables: { reference } },
      {
        next: (r) => {
          const check = r.data?.paymentStatus;
          if (over) return;
          if (!check || r.errors?.length) return giveUp();
          final = check.paid || (check.status !== 'pending' && check.status !== 'created');
          watch.next(check);
        },
        error: () => giveUp(),
        complete: () => {
          if (!final) giveUp();
          over = true;
        },
      },
    );
  } catch {
    giveUp();
  }
  return () => {
    over = true;
    stop();
  };
}
