import { HStack } from '@chakra-ui/react';
import { SelectBox } from '../../components/ui/SelectBox';
import { useTranslation } from '../../lib/use-translation';
import type { OrderFilter, OrderStatus } from './api';

interface Props {
  value: OrderFilter;
  onChange: (f: OrderFilter) => void;
}

/** The two filters of My Orders: order status (paid, pending) and payment type (2, 3). */
export function OrderFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <HStack gap={4} wrap="wrap" align="end">
      <SelectBox
        label={t('orders.filterStatus')}
        boxMinW="180px"
        data-testid="filter-status"
        value={value.status ?? ''}
        onChange={(e) => onChange({ ...value, status: (e.target.value || undefined) as OrderStatus | undefined })}
      >
        <option value="">{t('orders.all')}</option>
        <option value="PAID">{t('orders.statuses.PAID')}</option>
        <option value="PENDING_PAYMENT">{t('orders.statuses.PENDING_PAYMENT')}</option>
      </SelectBox>
      <SelectBox
        label={t('orders.filterPayType')}
        boxMinW="220px"
        data-testid="filter-paytype"
        value={value.payType ? String(value.payType) : ''}
        onChange={(e) => onChange({ ...value, payType: e.target.value ? Number(e.target.value) : undefined })}
      >
        <option value="">{t('orders.all')}</option>
        <option value="2">{t('orders.payTypes.online')}</option>
        <option value="3">{t('orders.payTypes.offline')}</option>
      </SelectBox>
    </HStack>
  );
}
