import { HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { downloadFile } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import type { ResultOf } from '../../lib/graphql';
import type { ISSUED_INVOICE_FIELDS } from '../../lib/invoice';
import { TextButton } from './TextButton';
import { notify } from './toaster';

export type IssuedInvoiceView = ResultOf<typeof ISSUED_INVOICE_FIELDS>;
export type InvoiceStatus = 'NONE' | 'REQUIRED' | 'ISSUED';

/**
 * Where an order's invoice stands, for its buyer (My Orders) and the console: asked for and not
 * issued yet; issued electronically, with its download; or sent by courier, with the courier and
 * the tracking number. Nothing for an order that asked for no invoice.
 */
export function IssuedInvoice({ status, issued }: { status: InvoiceStatus; issued: IssuedInvoiceView | null }) {
  const { t } = useTranslation();
  if (status === 'NONE') return null;
  if (!issued)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="order-invoice" data-invoice-status={status}>
        {t('invoice.pendingIssue')}
      </Text>
    );
  const download = async () => {
    const ok = issued.downloadUrl && issued.fileName ? await downloadFile(issued.downloadUrl, issued.fileName) : false;
    if (!ok) notify.error(t('pay.downloadFailed'));
  };
  return (
    <Stack gap={1} fontSize="sm" data-testid="order-invoice" data-invoice-status={status}>
      <HStack gap={3} wrap="wrap">
        <Text fontWeight="semibold" color="green.700">
          {issued.delivery === 'ELECTRONIC' ? t('invoice.issuedElectronic') : t('invoice.issuedExpress')}
        </Text>
        <Text color="fg.muted">{formatDateTime(issued.issuedAt)}</Text>
        {issued.delivery === 'ELECTRONIC' ? (
          <TextButton onClick={() => void download()} data-testid="invoice-download">
            {t('invoice.download')}
          </TextButton>
        ) : null}
      </HStack>
      {issued.delivery === 'EXPRESS' ? (
        <Text data-testid="invoice-tracking">
          {t('invoice.courier')}: {issued.courier} · {t('invoice.trackingNo')}: {issued.trackingNo}
        </Text>
      ) : null}
    </Stack>
  );
}
