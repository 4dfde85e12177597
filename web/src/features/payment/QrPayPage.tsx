import { Box, DataList, Heading, HStack, QrCode, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PreviousPaymentNotice, previousFromParams } from '../../components/ui/PreviousPaymentNotice';
import { SellerIdentity } from '../../components/ui/SellerIdentity';
import { ServiceEmail } from '../../components/ui/ServiceEmail';
import { formatMoment, formatPrice } from '../../lib/format';
import { dataListRecipe, qrCodeRecipe } from '../../lib/theme';
import { QR_INTENT, type QrIntent } from './api';
import { usePaymentCheck } from './usePaymentCheck';
import { WECHAT_PAY_GREEN, WeChatPayMark } from './WeChatPayMark';

type Lang = 'en' | 'zh';

/**
 * What the payer's WeChat charges in CNY: exactly the attempt's amount in the domestic setup, an
 * estimate ("about") at a dated reference rate overseas, where WeChat converts at its own rate.
 */
function ChargedInCny({ payer, order }: { payer: NonNullable<QrIntent['payerAmount']>; order: { amount: string; currency: string } | null }) {
  const { t } = useTranslation();
  const source = payer.rateSource === 'WECHAT_APPLIED' ? t('pay.rateAppliedSource') : (payer.rateSource ?? '');
  // A rate's day as its source dates it (YYYY-MM-DD): not a moment, so no time zone moves it.
  const date = payer.rateDate ?? '';
  if (payer.exact)
    return (
      <Stack gap={1} align="center" data-testid="cny-amount" data-exact="true">
        <Text fontSize="3xl" fontWeight="bold" color="gray.900" data-testid="cny-value">
          {t('pay.chargedExact', { amount: payer.amount ?? '' })}
        </Text>
        {payer.rate && order ? (
          <Text fontSize="xs" color="gray.700" data-testid="cny-note">
            {t('pay.chargedExactNote', { price: formatPrice(order.amount), currency: order.currency, rate: payer.rate, source, date })}
          </Text>
        ) : null}
      </Stack>
    );
  return (
    <Stack gap={1} align="center" data-testid="cny-amount" data-exact="false">
      {payer.amount ? (
        <Text fontSize="2xl" fontWeight="bold" color="gray.900" data-testid="cny-value">
          {t('pay.chargedAbout', { amount: payer.amount })}
        </Text>
      ) : null}
      <Text fontSize="xs" color="gray.700" textAlign="center" data-testid="cny-note">
        {payer.amount && payer.rate ? t('pay.rateNote', { currency: order?.currency ?? 'EUR', rate: payer.rate, source, date }) : t('pay.rateUnknown')}
      </Text>
    </Stack>
  );
}

/**
 * /views/pay/WxNativePay: the WeChat Pay page. The QR from codeUrl, the payee in the page's
 * language, what WeChat charges in CNY, until when the code is payable and who sells; asks
 * every 3 s (or is told over the live socket) until paid.
 */
export function QrPayPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'zh' ? 'zh' : 'en';
  const navigate = useNavigate();
  const [q] = useSearchParams();
  const orderNo = q.get('orderNo') ?? '';
  const { data } = useQuery(QR_INTENT, { variables: { orderNo }, skip: !orderNo });
  const outcome = usePaymentCheck(orderNo);
  const intent = data?.paymentIntent;
  const order = data?.order ?? null;
  const codeUrl = q.get('codeUrl') || intent?.nextAction?.codeUrl || '';
  const price = q.get('price') || intent?.amount || '';
  const currency = q.get('currency') || intent?.currency || '';
  const previous = previousFromParams(q);

  useEffect(() => {
    if (outcome.kind !== 'pending') navigate(`/views/pay/WxPayResult?orderNo=${encodeURIComponent(orderNo)}`, { replace: true });
  }, [outcome.kind, orderNo, navigate]);

  if (!orderNo) return <Text>{t('pay.missingOrder')}</Text>;
  const row = (label: string, value: string, testId: string, extra: Record<string, string> = {}) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId} {...extra}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack
      align="center"
      gap={5}
      bg="white"
      borderWidth="1px"
      borderTopWidth="6px"
      borderTopColor={WECHAT_PAY_GREEN}
      borderRadius="lg"
      p={{ base: 4, md: 8 }}
      maxW="520px"
      mx="auto"
      data-testid="qr-page"
    >
      <HStack gap={3}>
        <WeChatPayMark />
        <Heading as="h1" size="lg" color="gray.900">
          {t('pay.qrTitle')}
        </Heading>
      </HStack>
      {previous ? <PreviousPaymentNotice previous={previous} /> : null}
      {intent?.payerAmount ? <ChargedInCny payer={intent.payerAmount} order={order} /> : null}
      <DataList.Root recipe={dataListRecipe} orientation="horizontal" w="full">
        {row(t('pay.payee'), intent?.payee ?? '…', 'payee')}
        {row(t('pay.amount'), price ? formatPrice(price) : '…', 'amount')}
        {row(t('pay.currency'), currency, 'currency')}
        {row(t('pay.orderNo'), orderNo, 'order-no')}
        {intent?.expiresAt ? row(t('pay.expires'), formatMoment(intent.expiresAt, lang), 'qr-expiry', { 'data-expires-at': intent.expiresAt }) : null}
      </DataList.Root>
      {codeUrl ? (
        <Box p={3} bg="white" borderWidth="2px" borderColor={WECHAT_PAY_GREEN} borderRadius="md">
          <QrCode.Root recipe={qrCodeRecipe} value={codeUrl} size="xl" data-testid="qr-code" data-code-url={codeUrl}>
            <QrCode.Frame>
              <QrCode.Pattern />
            </QrCode.Frame>
          </QrCode.Root>
        </Box>
      ) : (
        <Text color="red.600">{t('pay.qrMissing')}</Text>
      )}
      <Text fontWeight="semibold">{t('pay.scan')}</Text>
      {intent?.expiresAt ? (
        <Text fontSize="sm" color="gray.700">
          {t('pay.expiresNote')}
        </Text>
      ) : null}
      <Stack direction="row" align="center" color="fg.muted">
        <Spinner size="sm" />
        <Text>{t('pay.waiting')}</Text>
      </Stack>
      <Text fontSize="sm">
        {t('purchase.serviceEmail')}
        {t('common.colon')}
        <ServiceEmail />
      </Text>
      <Box w="full" borderTopWidth="1px" pt={3}>
        <SellerIdentity />
      </Box>
    </Stack>
  );
}
