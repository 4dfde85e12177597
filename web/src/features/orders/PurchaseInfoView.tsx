import { Button, DataList, Spinner, Stack, Text } from '@chakra-ui/react';
import { InvoiceInfo } from '../../components/ui/InvoiceInfo';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DIALOG_WIDTH } from '../../lib/config';
import { dataListRecipe } from '../../lib/theme';
import { PURCHASE_INFO, type PurchaseInfo } from './api';

const FIELDS: (keyof PurchaseInfo)[] = [
  'streetNumber',
  'zip',
  'town',
  'province',
  'country',
  'vatId',
  'landlineTel',
  'letterbox',
  'mobileTel',
  'purchaseOrderNo',
];

/**
 * The read-only purchase information of one order (empty optional values show '-'), with its
 * invoice status and invoice info.
 */
export function PurchaseInfoView({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(PURCHASE_INFO, { variables: { orderNo }, fetchPolicy: 'network-only' });
  const info = data?.purchaseInfo;
  return (
    <ShopDialog
      open
      onClose={onClose}
      title={`${t('purchaseInfo.viewTitle')} · ${orderNo}`}
      width={DIALOG_WIDTH.purchaseInfo}
      testId="purchase-info-view"
      focusableBody
      footer={
        <Button variant="outline" onClick={onClose} data-testid="purchase-info-close">
          {t('common.close')}
        </Button>
      }
    >
      {loading ? (
        <Spinner />
      ) : error ? (
        <Text color="red.600">{t('common.errorOccurredLower')}</Text>
      ) : (
        <Stack gap={5}>
          {!info ? (
            <Text>{t('purchaseInfo.notFound')}</Text>
          ) : (
            <DataList.Root recipe={dataListRecipe} orientation="horizontal">
              {FIELDS.map((f) => (
                <DataList.Item key={f}>
                  <DataList.ItemLabel>{t(`purchaseInfo.${f}`)}</DataList.ItemLabel>
                  <DataList.ItemValue>{info[f] || t('common.none')}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          )}
          {data?.order ? (
            <InvoiceInfo
              required={data.order.invoiceRequired}
              invoice={data.order.invoice}
              status={data.order.invoiceStatus}
              issued={data.order.issuedInvoice}
            />
          ) : null}
        </Stack>
      )}
    </ShopDialog>
  );
}
