import { Box, Text } from '@chakra-ui/react';
import { formatMoment } from '../../lib/format';
import { storedLocale } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';

/** An earlier payment of the order that stays payable at its provider until a time (ISO 8601). */
export interface PreviousPayment {
  provider: 'ALIPAY' | 'WECHAT' | 'PAYPAL' | 'BANK_TRANSFER';
  until: string;
}

const PROVIDERS: readonly PreviousPayment['provider'][] = ['ALIPAY', 'WECHAT', 'PAYPAL', 'BANK_TRANSFER'];

/** The QR page's parameters that carry an earlier, still payable payment (so it survives a reload there). */
export const PREVIOUS_PARAMS = { until: 'previousOpenUntil', provider: 'previousProvider' } as const;

/** The earlier payment named by a page's parameters, if any (and well formed). */
export function previousFromParams(q: URLSearchParams): PreviousPayment | null {
  const until = q.get(PREVIOUS_PARAMS.until);
  const provider = PROVIDERS.find((p) => p === q.get(PREVIOUS_PARAMS.provider));
  return until && provider && !Number.isNaN(Date.parse(until)) ? { provider, until } : null;
}

/**
 * Told where the new payment is shown: the earlier payment page (Alipay's cross-border trade,
 * which cannot be cancelled) stays valid until a time in the buyer's local time; it is not to be
 * paid, and a payment of it is refunded automatically.
 */
export function PreviousPaymentNotice({ previous }: { previous: PreviousPayment }) {
  const { t } = useTranslation();
  const provider = t(`pay.providers.${previous.provider}`);
  return (
    <Box role="note" bg="orange.50" borderStartWidth="4px" borderColor="orange.500" borderRadius="md" p={3} w="full" data-testid="previous-payment-notice">
      <Text fontWeight="semibold" color="gray.900">
        {t('pay.previousOpenTitle', { provider })}
      </Text>
      <Text color="gray.900" data-testid="previous-payment-until" data-until={previous.until}>
        {t('pay.previousOpen', { provider, until: formatMoment(previous.until, storedLocale()) })}
      </Text>
    </Box>
  );
}
