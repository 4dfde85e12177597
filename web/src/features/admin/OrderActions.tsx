import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { MARK_BANK_TRANSFER, MARK_SHIPPED, type AdminOrder } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { useConfirmedChange } from './change-notices';

interface Props {
  order: AdminOrder;
  /** After an action: the dialog refreshes the order and its audit trail. */
  onDone: () => void;
}

/** Mark shipped and complete a bank transfer, each behind the spec's confirmation prompt. */
export function OrderActions({ order, onDone }: Props) {
  const { t } = useTranslation();
  const [reference, setReference] = useState('');
  const [refError, setRefError] = useState<string | null>(null);
  const [asking, setAsking] = useState<'shipped' | 'bank' | null>(null);
  const [markShipped, shipping] = useMutation(MARK_SHIPPED);
  const [markBank, banking] = useMutation(MARK_BANK_TRANSFER);
  const settling = order.completionRequested && order.status === 'PENDING_PAYMENT';

  const { done: finish, fail } = useConfirmedChange(() => setAsking(null), onDone);
  const confirm = () => {
    if (asking === 'shipped') {
      markShipped({ variables: { orderNo: order.orderNo } }).then((r) => finish(r.data?.markOrderShipped.changed ?? false), fail);
    } else if (asking === 'bank') {
      markBank({ variables: { orderNo: order.orderNo, reference: reference.trim() } }).then(
        (r) => finish(r.data?.markBankTransferCompleted.changed ?? false),
        fail,
      );
    }
  };
  const askBank = () => {
    if (!reference.trim()) {
      setRefError(t('admin.actions.referenceRequired'));
      return;
    }
    setRefError(null);
    setAsking('bank');
  };

  if (!order.canMarkShipped && !order.canCompleteBankTransfer && !settling) return null;
  return (
    <Stack gap={3} borderWidth="1px" borderRadius="md" p={4} bg="gray.50" data-testid="order-actions">
      {settling ? (
        <Text color="blue.700" role="status" data-testid="settling">
          {t('admin.actions.settling')}
        </Text>
      ) : null}
      {order.canCompleteBankTransfer ? (
        <HStack align="end" gap={3} wrap="wrap">
          <FormField label={t('admin.actions.reference')} error={refError} required>
            <TextInput
              name="reference"
              size="sm"
              maxW="320px"
              maxLength={128}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              data-testid="bank-reference"
            />
          </FormField>
          <Button size="sm" colorPalette="blue" onClick={askBank} data-testid="complete-bank-transfer">
            {t('admin.actions.completeBankTransfer')}
          </Button>
        </HStack>
      ) : null}
      {order.canMarkShipped ? (
        <HStack>
          <Button size="sm" colorPalette="blue" onClick={() => setAsking('shipped')} data-testid="mark-shipped">
            {t('admin.actions.markShipped')}
          </Button>
        </HStack>
      ) : null}
      {asking === 'shipped' ? (
        <ConfirmDialog
          testId="confirm-shipped-dialog"
          title={t('admin.actions.confirmShippedTitle')}
          question={t('admin.actions.confirmShipped', { orderNo: order.orderNo, book: order.bookName })}
          busy={shipping.loading}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'bank' ? (
        <ConfirmDialog
          testId="confirm-bank-dialog"
          title={t('admin.actions.confirmBankTitle')}
          question={t('admin.actions.confirmBank', { orderNo: order.orderNo, amount: order.amount, currency: order.currency, reference: reference.trim() })}
          busy={banking.loading}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Stack>
  );
}
