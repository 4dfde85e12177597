import { Box, DataList, Heading, QrCode, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PreviousPaymentNotice, previousFromParams } from '../../components/ui/PreviousPaymentNotice';
import { ServiceEmail } from '../../components/ui/ServiceEmail';
import { formatPrice } from '../../lib/format';
import { dataListRecipe, qrCodeRecipe } from '../../lib/theme';
import { QR_INTENT } from './api';
import { usePaymentCheck } from './usePaymentCheck';

/** /views/pay/WxNativePay: QR from codeUrl, payee, amount and currency; asks every 3 s. */
export function QrPayPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q] = useSearchParams();
  const orderNo = q.get('orderNo') ?? '';
  const { data } = useQuery(QR_INTENT, { variables: { orderNo }, skip: !orderNo });
  const outcome = usePaymentCheck(orderNo);
  const intent = data?.paymentIntent;
  const codeUrl = q.get('codeUrl') || intent?.nextAction?.codeUrl || '';
  const price = q.get('price') || intent?.amount || '';
  const currency = q.get('currency') || intent?.currency || '';
  const previous = previousFromParams(q);

  useEffect(() => {
    if (outcome.kind !== 'pending') navigate(`/views/pay/WxPayResult?orderNo=${encodeURIComponent(orderNo)}`, { replace: true });
  }, [outcome.kind, orderNo, navigate]);

  if (!orderNo) return <Text>{t('pay.missingOrder')}</Text>;
  const row = (label: string, value: string, testId: string) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack align="center" gap={6} bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 8 }} maxW="520px" mx="auto" data-testid="qr-page">
      <Heading as="h1" size="lg">
        {t('pay.qrTitle')}
      </Heading>
      {previous ? <PreviousPaymentNotice previous={previous} /> : null}
      <DataList.Root recipe={dataListRecipe} orientation="horizontal" w="full">
        {row(t('pay.payee'), intent?.payee ?? '…', 'payee')}
        {row(t('pay.amount'), price ? formatPrice(price) : '…', 'amount')}
        {row(t('pay.currency'), currency, 'currency')}
        {row(t('pay.orderNo'), orderNo, 'order-no')}
      </DataList.Root>
      {codeUrl ? (
        <Box p={3} bg="white" borderWidth="1px" borderRadius="md">
          <QrCode.Root recipe={qrCodeRecipe} value={codeUrl} size="xl" data-testid="qr-code" data-code-url={codeUrl}>
            <QrCode.Frame>
              <QrCode.Pattern />
            </QrCode.Frame>
          </QrCode.Root>
        </Box>
      ) : (
        <Text color="red.600">{t('pay.qrMissing')}</Text>
      )}
      <Text>{t('pay.scan')}</Text>
      <Stack direction="row" align="center" color="fg.muted">
        <Spinner size="sm" />
        <Text>{t('pay.waiting')}</Text>
      </Stack>
      <Text fontSize="sm">
        {t('purchase.serviceEmail')}
        {t('common.colon')}
        <ServiceEmail />
      </Text>
    </Stack>
  );
}
