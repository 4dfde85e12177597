import { Stack, Text } from '@chakra-ui/react';
import { formatDay } from '../../lib/format';
import { storedLocale } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import type { OrderRefund, OrderRow } from './api';

/**
 * What went back to the buyer for one order: the order's own payment (its e-book then no longer
 * downloads) or a second payment refunded automatically (the order stays paid), done on a day in
 * the buyer's local time, or still under way.
 */
export function OrderRefunds({ order }: { order: Pick<OrderRow, 'format' | 'refunds'> }) {
  const { t } = useTranslation();
  const line = (r: OrderRefund) => {
    const money = { amount: r.amount, currency: r.currency };
    const date = r.status === 'SUCCEEDED' && r.completedAt ? formatDay(r.completedAt, storedLocale()) : null;
    if (r.kind === 'DUPLICATE_PAYMENT') return date ? t('orders.refunds.duplicateRefunded', { ...money, date }) : t('orders.refunds.duplicateRefunding', money);
    if (!date) return t('orders.refunds.refunding', money);
    return t(order.format === 'EBOOK' ? 'orders.refunds.refundedEbook' : 'orders.refunds.refunded', { ...money, date });
  };
  return (
    <Stack gap={1} fontSize="sm" color="gray.800">
      {order.refunds.map((r, i) => (
        <Text key={i} data-testid="order-refund" data-kind={r.kind} data-status={r.status}>
          {line(r)}
        </Text>
      ))}
    </Stack>
  );
}
