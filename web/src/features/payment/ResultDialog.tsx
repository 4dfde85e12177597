import { Button, DataList, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DIALOG_WIDTH } from '../../lib/config';
import { formatPrice } from '../../lib/format';
import { dataListRecipe } from '../../lib/theme';
import type { PaidOrder } from './api';

interface Props {
  outcome: 'paid' | 'failed';
  /** The order number, when the payment checked was a second one for that order, already paid: refunded automatically. */
  duplicateOf?: string | null;
  /** The paid order (number, book, amount), when it could be read. */
  order: PaidOrder | null;
  busy: boolean;
  onConfirm: () => void;
}

/**
 * 'Successful Book Purchase' with what was bought and confirm-and-download, or 'Payment failed,
 * please pay again!'. A second payment of an order already paid says so (it is refunded
 * automatically) instead of calling it a purchase, and still offers the paid order.
 */
export function ResultDialog({ outcome, duplicateOf = null, order, busy, onConfirm }: Props) {
  const { t } = useTranslation();
  const paid = outcome === 'paid';
  const second = paid && duplicateOf !== null;
  const ebook = order?.format !== 'PAPER';
  const body = second ? t('pay.duplicateBody', { orderNo: duplicateOf }) : paid ? (ebook ? t('pay.successBody') : t('pay.successBodyPaper')) : t('pay.failed');
  return (
    <ShopDialog
      open
      onClose={onConfirm}
      title={second ? t('pay.duplicateTitle') : paid ? t('pay.successTitle') : t('pay.failedTitle')}
      width={DIALOG_WIDTH.login}
      testId={second ? 'pay-duplicate-dialog' : paid ? 'pay-success-dialog' : 'pay-failed-dialog'}
      footer={
        <Button colorPalette={paid ? 'brand' : 'red'} loading={busy} onClick={onConfirm} data-testid="result-confirm">
          {paid ? (ebook ? t('pay.confirmDownload') : t('common.confirm')) : t('common.confirm')}
        </Button>
      }
    >
      <Stack gap={4}>
        {paid && order ? (
          <DataList.Root recipe={dataListRecipe} orientation="horizontal" size="sm" data-testid="paid-order">
            <DataList.Item>
              <DataList.ItemLabel>{t('pay.orderNo')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="paid-order-no">{order.orderNo}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('orders.book')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="paid-book">{order.bookName}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('pay.amount')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="paid-amount">
                {formatPrice(order.amount)} {order.currency}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        ) : null}
        <Text data-testid="result-body">{body}</Text>
      </Stack>
    </ShopDialog>
  );
}
