import { DataList, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { INVOICE_TEXT_FIELDS, type Invoice } from '../../lib/invoice';
import { dataListRecipe } from '../../lib/theme';
import { IssuedInvoice, type InvoiceStatus, type IssuedInvoiceView } from './IssuedInvoice';

/**
 * The order labels "invoice status (required / not required)" and "invoice info" (spec section 3):
 * the status always, the details when an invoice was asked for, and once issued how the buyer gets
 * it. Empty values show '-'.
 */
export function InvoiceInfo({
  required,
  invoice,
  status,
  issued = null,
}: {
  required: boolean;
  invoice: Invoice | null;
  status?: InvoiceStatus;
  issued?: IssuedInvoiceView | null;
}) {
  const { t } = useTranslation();
  const none = t('common.none');
  const rows: [string, string][] = invoice
    ? [
        ['invoiceType', t(`invoice.types.${invoice.invoiceType}`)],
        ['pickupMethod', invoice.pickupMethod ? t(`invoice.pickups.${invoice.pickupMethod}`) : none],
        ...INVOICE_TEXT_FIELDS.map((f): [string, string] => [f, invoice[f] || none]),
      ]
    : [];
  return (
    <Stack gap={2} data-testid="invoice-info">
      <DataList.Root recipe={dataListRecipe} orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>{t('invoice.status')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="invoice-status">
            {status ? t(`invoice.statuses.${status}`) : required ? t('invoice.required') : t('invoice.notRequired')}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {status ? <IssuedInvoice status={status} issued={issued} /> : null}
      {invoice ? (
        <>
          <Heading as="h3" size="sm">
            {t('invoice.info')}
          </Heading>
          <DataList.Root recipe={dataListRecipe} orientation="horizontal" display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} columnGap={6}>
            {rows.map(([f, v]) => (
              <DataList.Item key={f}>
                <DataList.ItemLabel minW="12rem">{t(`invoice.${f as 'invoiceType'}`)}</DataList.ItemLabel>
                <DataList.ItemValue data-field={f} wordBreak="break-word">
                  {v}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </>
      ) : null}
    </Stack>
  );
}
