import { Spinner, Stack, Text } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../components/ui/toaster';
import { downloadFile, safeFileName } from '../../lib/download';
import { PAID_ORDER } from './api';
import { ResultDialog } from './ResultDialog';
import { usePaymentCheck } from './usePaymentCheck';

// A payment still open after this many checks (3 s apart) is reported as failed.
const MAX_CHECKS = 40;

interface Props {
  /** Order number, Alipay out_trade_no or PayPal token. */
  reference: string;
  /** PayPal and WeChat show the processing message in both languages, Alipay in the UI language. */
  bilingual: boolean;
  /** After the success dialog: /index (PayPal, Alipay) or the book detail (WeChat). */
  afterSuccess: 'index' | 'bookDetail';
}

/** The result pages: processing message while checking, then the success or failure dialog. */
export function PayResultPage({ reference, bilingual, afterSuccess }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const outcome = usePaymentCheck(reference, MAX_CHECKS);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (outcome.kind === 'failed') {
      // Spec: a session flag, then the returned link (pay again) if there is one.
      sessionStorage.setItem('payStatus', 'failed');
      const retry = outcome.check?.retryHref;
      if (retry) window.location.assign(retry);
      else navigate('/index', { replace: true });
      return;
    }
    if (outcome.kind !== 'paid') return;
    sessionStorage.removeItem('payStatus');
    const orderNo = outcome.check.orderNo ?? reference;
    setBusy(true);
    const { data } = await client.query({ query: PAID_ORDER, variables: { orderNo }, fetchPolicy: 'network-only' }).catch(() => ({ data: undefined }));
    const order = data?.order;
    if (order?.format === 'EBOOK') {
      const ok = order.downloadable && order.downloadUrl ? await downloadFile(order.downloadUrl, `${safeFileName(order.bookName)}.pdf`) : false;
      if (!ok) notify.error(t('pay.downloadFailed'));
    }
    setBusy(false);
    // The purchase changes the book list (e-book bought) and the orders: ask again next time.
    for (const fieldName of ['books', 'book', 'orders']) client.cache.evict({ id: 'ROOT_QUERY', fieldName });
    client.cache.gc();
    const bookId = order?.bookId ?? outcome.check.bookId;
    navigate(afterSuccess === 'bookDetail' && bookId ? `/bookDetail/${bookId}` : '/index', { replace: true });
  };

  if (!reference) return <Text>{t('pay.missingOrder')}</Text>;
  return (
    <Stack align="center" py={16} gap={4} data-testid="pay-result">
      {outcome.kind === 'pending' ? <Spinner size="lg" /> : null}
      <Text fontSize="lg" textAlign="center" data-testid="processing">
        {bilingual ? t('pay.processingBilingual') : t('pay.processing')}
      </Text>
      {outcome.kind !== 'pending' ? <ResultDialog outcome={outcome.kind} busy={busy} onConfirm={() => void confirm()} /> : null}
    </Stack>
  );
}
