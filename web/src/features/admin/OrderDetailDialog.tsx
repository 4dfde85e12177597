import { Box, Grid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { InvoiceInfo } from '../../components/ui/InvoiceInfo';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DIALOG_WIDTH } from '../../lib/config';
import { messageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { ADMIN_ORDER, ORDER_EVENTS, type AdminOrder, type PaymentAttempt } from './api';
import { AuditTrail } from './AuditTrail';
import { paymentLabel, statusColor } from './labels';
import { OrderActions } from './OrderActions';
import { InvoiceActions } from './InvoiceActions';
import { PaymentAttempts } from './PaymentAttempts';

/** The worker settles a requested bank-transfer completion moments later: ask again until PAID. */
const SETTLE_POLL_MS = 1000;

function Facts({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const none = t('common.none');
  const at = (v: string | null) => (v ? formatDateTime(v) : none);
  const facts: [string, string, string?][] = [
    [t('admin.detail.buyer'), `${order.buyerName} <${order.buyerEmail}>`],
    [t('admin.detail.book'), `${order.bookName} · ${order.format === 'EBOOK' ? t('books.ebook') : t('books.paper')}`],
    [t('admin.detail.quantity'), String(order.quantity)],
    [t('admin.detail.country'), order.country],
    [t('admin.detail.amount'), `${order.amount} ${order.currency}`],
    [t('admin.detail.payment'), paymentLabel(t, order)],
    [t('admin.detail.status'), `${t(`orders.statuses.${order.status}`)}${order.refundedAt ? ` · ${t('admin.refunds.refunded')}` : ''}`, 'detail-status'],
    [t('admin.detail.shipping'), order.format === 'PAPER' ? t(`admin.shipping.${order.shippingStatus}`) : none],
    [t('admin.detail.createdAt'), at(order.createdAt)],
    [t('admin.detail.paidAt'), at(order.paidAt)],
    [t('admin.detail.shippedAt'), at(order.shippedAt)],
    [t('admin.detail.bankReference'), order.bankReference ?? none],
    [t('admin.detail.providerRef'), order.providerRef ?? none, 'detail-provider-ref'],
    [t('admin.detail.remarks'), order.remarks ?? none],
  ];
  return (
    <Grid templateColumns={{ base: '1fr', md: '200px 1fr 200px 1fr' }} columnGap={4} rowGap={2} fontSize="sm">
      {facts.map(([label, value, testId]) => (
        <Box key={label} display="contents">
          <Text color="fg.muted">{label}</Text>
          <Text wordBreak="break-all" data-testid={testId} color={testId === 'detail-status' ? statusColor(order.status) : undefined}>
            {value}
          </Text>
        </Box>
      ))}
    </Grid>
  );
}

/** One order: its facts, the actions its state allows, and its audit trail. */
export function OrderDetailDialog({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useQuery(ADMIN_ORDER, { variables: { orderNo }, fetchPolicy: 'cache-and-network' });
  const events = useQuery(ORDER_EVENTS, { variables: { orderNo }, fetchPolicy: 'cache-and-network' });
  const o = order.data?.adminOrder;
  // A requested bank-transfer completion or a refund in flight finishes moments later: ask again.
  // The order row and its attempts are read one after the other, so an answer can catch an order
  // refund that succeeded before the order row showed it: that too is still settling.
  const refundInFlight = (a: PaymentAttempt) => a.refunds.some((r) => r.status === 'REQUESTED' || r.status === 'PENDING');
  const orderRefundUnseen = (a: PaymentAttempt) => a.role === 'ORDER' && a.refunds.some((r) => r.status === 'SUCCEEDED');
  const settling =
    !!o &&
    ((o.completionRequested && o.status === 'PENDING_PAYMENT') ||
      !!o.attempts?.some(refundInFlight) ||
      (!o.refundedAt && !!o.attempts?.some(orderRefundUnseen)));
  const { startPolling, stopPolling } = order;
  const refetchEvents = events.refetch;

  useEffect(() => {
    if (!settling) return;
    startPolling(SETTLE_POLL_MS);
    return () => stopPolling();
  }, [settling, startPolling, stopPolling]);
  // A new state (settled, shipped) has a new audit entry.
  useEffect(() => {
    if (o) void refetchEvents();
  }, [o?.status, o?.shippingStatus, o?.completionRequested, o?.refundedAt, o?.invoiceStatus, refetchEvents]); // eslint-disable-line react-hooks/exhaustive-deps

  const refresh = () => {
    void order.refetch();
    void refetchEvents();
  };

  return (
    <ShopDialog open onClose={onClose} title={t('admin.detail.title', { orderNo })} width={DIALOG_WIDTH.purchaseInfo} testId="admin-order-dialog" focusableBody>
      {order.error && !o ? (
        <Text color="red.600" role="alert">
          {messageOf(order.error, t('common.errorOccurred'))}
        </Text>
      ) : !o ? (
        order.loading ? (
          <Spinner />
        ) : (
          <Text>{t('admin.detail.notFound')}</Text>
        )
      ) : (
        <Stack gap={5}>
          <Facts order={o} />
          <InvoiceInfo required={!!o.invoiceRequired} invoice={o.invoice ?? null} status={o.invoiceStatus} issued={o.issuedInvoice ?? null} />
          <OrderActions order={o} onDone={refresh} />
          <InvoiceActions order={o} onDone={refresh} />
          <PaymentAttempts order={o} onDone={refresh} />
          <AuditTrail events={events.data?.orderEvents ?? []} />
        </Stack>
      )}
    </ShopDialog>
  );
}
