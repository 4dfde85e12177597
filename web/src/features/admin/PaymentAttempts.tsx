import { Badge, Button, Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { REFUND_DUPLICATE, REFUND_ORDER, type AdminOrder, type PaymentAttempt } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { useConfirmedChange } from './change-notices';
import { providerLabel } from './labels';

const refundColor = { REQUESTED: 'blue', PENDING: 'blue', SUCCEEDED: 'green', FAILED: 'red' } as const;

/** What each attempt asked of its provider, what the payer paid, and its refunds; refund buttons. */
export function PaymentAttempts({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<PaymentAttempt | null>(null);
  const [reference, setReference] = useState('');
  const [refError, setRefError] = useState<string | null>(null);
  const [refundOrder, ordering] = useMutation(REFUND_ORDER);
  const [refundDuplicate, duplicating] = useMutation(REFUND_DUPLICATE);
  const { done, fail } = useConfirmedChange(() => setAsking(null), onDone);
  const attempts = order.attempts ?? [];
  if (!attempts.length) return null;
  const bank = (a: PaymentAttempt) => a.provider === 'BANK_TRANSFER';

  const ask = (a: PaymentAttempt) => {
    if (bank(a) && !reference.trim()) {
      setRefError(t('admin.refunds.referenceRequired'));
      return;
    }
    setRefError(null);
    setAsking(a);
  };
  const confirm = () => {
    const a = asking!;
    const vars = { orderNo: order.orderNo, ...(bank(a) ? { reference: reference.trim() } : {}) };
    if (a.role === 'ORDER') refundOrder({ variables: vars }).then((r) => done(r.data?.refundOrder.changed ?? false), fail);
    else refundDuplicate({ variables: { ...vars, attemptId: a.id } }).then((r) => done(r.data?.refundDuplicatePayment.changed ?? false), fail);
  };

  return (
    <Stack gap={2} data-testid="payment-attempts">
      <Text fontWeight="semibold">{t('admin.refunds.attempts')}</Text>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('admin.refunds.tradeNo')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.refunds.charged')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.refunds.payer')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.refunds.refund')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {attempts.map((a) => (
            <Table.Row key={a.id} data-testid={`attempt-${a.outTradeNo}`}>
              <Table.Cell>
                <Text>{a.outTradeNo}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {providerLabel(t, a.provider)} · {t(`admin.refunds.attemptStatuses.${a.status}`)}
                  {a.role === 'DUPLICATE_PAYMENT' ? ` · ${t('admin.refunds.duplicate')}` : ''}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Text>
                  {a.amount} {a.currency}
                </Text>
                {a.exchangeRate ? (
                  <Text fontSize="xs" color="fg.muted" data-testid="attempt-rate">
                    {t('admin.refunds.converted', {
                      amount: a.orderAmount,
                      currency: a.orderCurrency,
                      rate: a.exchangeRate,
                      date: a.exchangeRateDate,
                    })}{' '}
                    {/* The provider's own name of the rate (e.g. SETTLEMENT_RATE): a stored code, shown as such. */}
                    <Code fontSize="xs">{a.exchangeRateSource}</Code>
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell data-testid="attempt-payer">
                {a.payerAmount ? (
                  <>
                    {`${a.payerAmount} ${a.payerCurrency}`}
                    {/* The rate as the provider reported it (its type and scaled figure): a stored code. */}
                    {a.payerRate ? (
                      <Code fontSize="xs" ms={1}>
                        {a.payerRate}
                      </Code>
                    ) : null}
                  </>
                ) : (
                  t('common.none')
                )}
              </Table.Cell>
              <Table.Cell>
                <Stack gap={1}>
                  {a.refunds.map((r) => (
                    <HStack key={r.refundNo} gap={2}>
                      <Badge colorPalette={refundColor[r.status]} data-testid="refund-status">
                        {t(`admin.refunds.statuses.${r.status}`)}
                      </Badge>
                      <Text fontSize="xs">
                        {r.refundNo}
                        {r.reference ? ` · ${r.reference}` : ''}
                        {r.status === 'FAILED' && r.lastError ? ` · ${r.lastError}` : ''}
                      </Text>
                    </HStack>
                  ))}
                  {a.canRefund ? (
                    <Button
                      size="xs"
                      colorPalette="red"
                      variant="outline"
                      onClick={() => ask(a)}
                      data-testid={a.role === 'ORDER' ? 'refund-order' : 'refund-duplicate'}
                    >
                      {a.role === 'ORDER' ? t('admin.refunds.refundOrder') : t('admin.refunds.refundDuplicate')}
                    </Button>
                  ) : null}
                </Stack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {attempts.some((a) => a.canRefund && bank(a)) ? (
        <FormField label={t('admin.refunds.reference')} error={refError} required>
          <TextInput
            name="refund-reference"
            size="sm"
            maxW="320px"
            maxLength={64}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            data-testid="refund-reference"
          />
        </FormField>
      ) : null}
      {asking ? (
        <ConfirmDialog
          testId="confirm-refund-dialog"
          title={t('admin.refunds.confirmTitle')}
          question={t(bank(asking) ? 'admin.refunds.confirmBank' : 'admin.refunds.confirm', {
            orderNo: order.orderNo,
            amount: asking.amount,
            currency: asking.currency,
            provider: providerLabel(t, asking.provider),
            reference: reference.trim(),
          })}
          busy={ordering.loading || duplicating.loading}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Stack>
  );
}
