import { useMutation } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { QR_POLL_MS } from '../../lib/config';
import { apiError } from '../../lib/errors';
import { CHECK_PAYMENT, type PaymentCheck } from './api';

export type Outcome = { kind: 'pending' } | { kind: 'paid'; check: PaymentCheck } | { kind: 'failed'; check: PaymentCheck | null };

const OPEN = new Set(['pending', 'created']);

/**
 * Asks the server every 3 s whether the payment went through (spec: QR polling every 3 s) until
 * it is paid, failed, or `maxTries` answers were still open.
 */
export function usePaymentCheck(reference: string, maxTries = Infinity): Outcome {
  const [check] = useMutation(CHECK_PAYMENT);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });

  useEffect(() => {
    if (!reference) return;
    let stopped = false;
    let timer: number | undefined;
    let tries = 0;
    let last: PaymentCheck | null = null;
    const ask = async () => {
      tries += 1;
      try {
        const { data } = await check({ variables: { reference } });
        last = data?.checkPayment ?? null;
      } catch (err) {
        last = null;
        // A refusal (unknown order, not logged in) is final; a network hiccup is asked again.
        if (apiError(err).code !== 'NETWORK' && !stopped) return setOutcome({ kind: 'failed', check: null });
      }
      if (stopped) return;
      if (last?.paid) return setOutcome({ kind: 'paid', check: last });
      const open = !last || OPEN.has(last.status ?? 'pending');
      if (!open || tries >= maxTries) return setOutcome({ kind: 'failed', check: last });
      timer = window.setTimeout(() => void ask(), QR_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [reference, maxTries, check]);

  return outcome;
}
