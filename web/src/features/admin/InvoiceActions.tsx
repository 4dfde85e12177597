import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { notify } from '../../components/ui/toaster';
import { RECORD_INVOICE_SHIPMENT, type AdminOrder } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { useConfirmedChange } from './change-notices';
import { uploadInvoice } from './invoice-upload';

interface Props {
  order: AdminOrder;
  onDone: () => void;
}

/**
 * Issues a paid order's invoice the way its buyer asked: an electronic one by attaching its PDF or
 * OFD file, a paper one by recording the courier and the tracking number. Each behind a
 * confirmation, as every operator action is; the server's refusal is shown as it words it.
 */
export function InvoiceActions({ order, onDone }: Props) {
  const { t } = useTranslation();
  const pickup = order.invoice?.pickupMethod ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [courier, setCourier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [errors, setErrors] = useState<{ courier?: string; trackingNo?: string }>({});
  const [asking, setAsking] = useState<'file' | 'express' | null>(null);
  const [uploading, setUploading] = useState(false);
  const [record, recording] = useMutation(RECORD_INVOICE_SHIPMENT);
  const outcome = useConfirmedChange(() => setAsking(null), onDone);

  if (!order.canIssueInvoice) return null;
  const confirm = async () => {
    if (asking === 'file' && file) {
      setUploading(true);
      const r = await uploadInvoice(order.orderNo, file);
      setUploading(false);
      if (r.ok) outcome.done(true);
      else {
        setAsking(null);
        notify.error(r.message ?? t('common.errorOccurred'));
        onDone();
      }
    } else if (asking === 'express') {
      record({ variables: { orderNo: order.orderNo, courier: courier.trim(), trackingNo: trackingNo.trim() } }).then(() => outcome.done(true), outcome.fail);
    }
  };
  const askFile = () => {
    setFileError(file ? null : t('admin.invoices.fileRequired'));
    if (file) setAsking('file');
  };
  const askExpress = () => {
    const e = {
      courier: courier.trim() ? undefined : t('admin.invoices.courierRequired'),
      trackingNo: trackingNo.trim() ? undefined : t('admin.invoices.trackingNoRequired'),
    };
    setErrors(e);
    if (!e.courier && !e.trackingNo) setAsking('express');
  };

  return (
    <Stack gap={3} borderWidth="1px" borderRadius="md" p={4} bg="gray.50" data-testid="invoice-actions">
      <Text fontWeight="semibold">{t('admin.invoices.title')}</Text>
      {pickup !== 'EXPRESS' ? (
        <Stack gap={2}>
          <Text fontSize="sm">{t('admin.invoices.electronicHint')}</Text>
          <HStack align="end" gap={3} wrap="wrap">
            <FormField label={t('admin.invoices.file')} error={fileError} required>
              <Input
                type="file"
                size="sm"
                maxW="360px"
                accept=".pdf,.ofd,application/pdf,application/ofd"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                data-testid="invoice-file"
              />
            </FormField>
            <Button size="sm" colorPalette="blue" onClick={askFile} data-testid="invoice-attach">
              {t('admin.invoices.attach')}
            </Button>
          </HStack>
        </Stack>
      ) : null}
      {pickup !== 'ELECTRONIC' ? (
        <Stack gap={2}>
          <Text fontSize="sm">{t('admin.invoices.expressHint')}</Text>
          <HStack align="end" gap={3} wrap="wrap">
            <FormField label={t('admin.invoices.courier')} error={errors.courier ?? null} required>
              <TextInput size="sm" maxW="200px" maxLength={64} value={courier} onChange={(e) => setCourier(e.target.value)} data-testid="invoice-courier" />
            </FormField>
            <FormField label={t('admin.invoices.trackingNo')} error={errors.trackingNo ?? null} required>
              <TextInput
                size="sm"
                maxW="240px"
                maxLength={64}
                value={trackingNo}
                onChange={(e) => setTrackingNo(e.target.value)}
                data-testid="invoice-tracking-no"
              />
            </FormField>
            <Button size="sm" colorPalette="blue" onClick={askExpress} data-testid="invoice-record">
              {t('admin.invoices.record')}
            </Button>
          </HStack>
        </Stack>
      ) : null}
      {asking ? (
        <ConfirmDialog
          testId="confirm-invoice-dialog"
          title={t('admin.invoices.confirmTitle')}
          question={
            asking === 'file'
              ? t('admin.invoices.confirmFile', { fileName: file?.name ?? '', orderNo: order.orderNo })
              : t('admin.invoices.confirmExpress', { orderNo: order.orderNo, courier: courier.trim(), trackingNo: trackingNo.trim() })
          }
          busy={uploading || recording.loading}
          onConfirm={() => void confirm()}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Stack>
  );
}
