import { Button, Code, Spinner, Stack, Text } from '@chakra-ui/react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../components/ui/toaster';
import { downloadFile, safeFileName } from '../../lib/download';
import { requestLogin } from '../../lib/login-gate';
import { useSession } from '../../lib/session';
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

/**
 * The result pages: processing message while checking, then the success or failure dialog. The
 * check is the buyer's own: without a session the page asks for a login and checks again after it
 * (keyed by the account), instead of calling a possibly paid order failed.
 */
export function PayResultPage(props: Props) {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  if (!props.reference) return <Text>{t('pay.missingOrder')}</Text>;
  if (loading)
    return (
      <Stack align="center" py={16}>
        <Spinner size="lg" />
      </Stack>
    );
  return <PayResult key={user?.userId ?? 'guest'} signedIn={!!user} {...props} />;
}

function PayResult({ reference, bilingual, afterSuccess, signedIn }: Props & { signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const outcome = usePaymentCheck(reference, MAX_CHECKS, signedIn);
  const [busy, setBusy] = useState(false);
  const orderNo = outcome.kind === 'paid' ? (outcome.check.orderNo ?? reference) : null;
  const { data, loading: orderLoading } = useQuery(PAID_ORDER, { variables: { orderNo: orderNo ?? '' }, skip: !orderNo, fetchPolicy: 'network-only' });
  const order = data?.order ?? null;

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
    setBusy(true);
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

  if (outcome.kind === 'login' || outcome.kind === 'notFound') {
    const guest = outcome.kind === 'login';
    return (
      <Stack align="center" py={16} gap={4} data-testid="pay-result" textAlign="center">
        <Text fontSize="lg" fontWeight="semibold" data-testid="pay-result-login">
          {guest ? t('pay.loginToSee') : t('pay.otherAccount')}
        </Text>
        <NotChargedTwice text={t('pay.notChargedTwice', { orderNo: REFERENCE_SLOT })} reference={reference} />
        {guest ? (
          <Button colorPalette="blue" onClick={() => requestLogin('login')} data-testid="pay-result-login-button">
            {t('nav.login')}
          </Button>
        ) : null}
      </Stack>
    );
  }

  const dialogReady = outcome.kind === 'failed' || (outcome.kind === 'paid' && !orderLoading);
  return (
    <Stack align="center" py={16} gap={4} data-testid="pay-result">
      {outcome.kind === 'pending' ? (
        <>
          <Spinner size="lg" />
          <Text fontSize="lg" textAlign="center" data-testid="processing">
            {bilingual ? t('pay.processingBilingual') : t('pay.processing')}
          </Text>
        </>
      ) : (
        <Text fontSize="lg" textAlign="center" data-testid="pay-result-state">
          {outcome.kind === 'paid' ? t('pay.paidState') : t('pay.failedTitle')}
        </Text>
      )}
      {dialogReady && (outcome.kind === 'paid' || outcome.kind === 'failed') ? (
        <ResultDialog
          outcome={outcome.kind}
          duplicateOf={outcome.kind === 'paid' && outcome.check.duplicate ? orderNo : null}
          order={order}
          busy={busy}
          onConfirm={() => void confirm()}
        />
      ) : null}
    </Stack>
  );
}

const REFERENCE_SLOT = '\u0000';

/** The reference comes from the address bar as the provider sent it: shown as a code, not as words of the page. */
function NotChargedTwice({ text, reference }: { text: string; reference: string }) {
  const [before, after = ''] = text.split(REFERENCE_SLOT);
  return (
    <Text color="fg.muted">
      {before}
      <Code>{reference}</Code>
      {after}
    </Text>
  );
}
