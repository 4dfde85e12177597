import { useMutation } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { QR_POLL_MS } from '../../lib/config';
import { apiError } from '../../lib/errors';
import { CHECK_PAYMENT, type PaymentCheck } from './api';
import { watchPayment } from './live';

export type Outcome =
  | { kind: 'pending' }
  | { kind: 'paid'; check: PaymentCheck }
  | { kind: 'failed'; check: PaymentCheck | null }
  // No session (another device, an expired session, another host name): the state is unknown
  // until the buyer logs in, and a paid order must never read "failed".
  | { kind: 'login' }
  // The order is not one of this account's: another account placed it.
  | { kind: 'notFound' };

const OPEN = new Set(['pending', 'created']);

/**
 * Whether the payment went through, until it is paid, failed, or still open after `maxTries`
 * checks' worth of time (3 s each). The server pushes the state over the paymentStatus
 * subscription; when the socket cannot be opened or fails, the page asks `checkPayment` every
 * 3 s instead (the spec's QR polling).
 */
export function usePaymentCheck(reference: string, maxTries = Infinity, live = true): Outcome {
  const [check] = useMutation(CHECK_PAYMENT);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });

  useEffect(() => {
    if (!reference) return;
    let stopped = false;
    let timer: number | undefined;
    let deadline: number | undefined;
    let tries = 0;
    let last: PaymentCheck | null = null;
    const started = Date.now();
    let stopLive: () => void = () => {};
    const finish = (o: Outcome) => {
      if (stopped) return;
      stopped = true;
      stopLive();
      window.clearTimeout(timer);
      window.clearTimeout(deadline);
      setOutcome(o);
    };
    const judge = (c: PaymentCheck | null) => {
      if (c?.paid) return finish({ kind: 'paid', check: c });
      const open = !c || OPEN.has(c.status ?? 'pending');
      if (!open || tries >= maxTries) return finish({ kind: 'failed', check: c });
    };

    const ask = async () => {
      tries += 1;
      try {
        const { data } = await check({ variables: { reference } });
        last = data?.checkPayment ?? null;
      } catch (err) {
        last = null;
        // A refusal (unknown order, not logged in) is final; a network hiccup is asked again.
        const code = apiError(err).code;
        if (code === 'UNAUTHENTICATED') return finish({ kind: 'login' });
        if (code === 'NOT_FOUND') return finish({ kind: 'notFound' });
        if (code !== 'NETWORK') return finish({ kind: 'failed', check: null });
      }
      if (stopped) return;
      judge(last);
      if (!stopped) timer = window.setTimeout(() => void ask(), QR_POLL_MS);
    };

    // Live first. The same limit as polling: a payment still open after maxTries × 3 s failed.
    if (Number.isFinite(maxTries)) deadline = window.setTimeout(() => finish({ kind: 'failed', check: last }), maxTries * QR_POLL_MS);
    // Without a session the socket would be refused: one question tells the page to ask for a login.
    if (!live) {
      window.clearTimeout(deadline);
      void ask();
      return () => {
        stopped = true;
        window.clearTimeout(timer);
      };
    }
    stopLive = watchPayment(reference, {
      next: (c) => {
        last = c;
        if (!stopped) judge(c);
      },
      fallback: () => {
        if (stopped) return;
        window.clearTimeout(deadline);
        tries = Math.floor((Date.now() - started) / QR_POLL_MS);
        void ask();
      },
    });
    return () => {
      stopped = true;
      stopLive();
      window.clearTimeout(timer);
      window.clearTimeout(deadline);
    };
  }, [reference, maxTries, check, live]);

  return outcome;
}
