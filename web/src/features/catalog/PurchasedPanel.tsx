import { Box, Button, DataList, Heading } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { notify } from '../../components/ui/toaster';
import { downloadFile, safeFileName } from '../../lib/download';
import { formatPrice } from '../../lib/format';
import { dataListRecipe } from '../../lib/theme';
import type { BookDetails } from './book-api';

/** On the book page of a bought e-book: the order, what was paid, the password and the download. */
export function PurchasedPanel({ order, password }: { order: NonNullable<BookDetails['paidEbookOrder']>; password: string | null }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const ok = order.downloadable && order.downloadUrl ? await downloadFile(order.downloadUrl, `${safeFileName(order.bookName)}.pdf`) : false;
    setBusy(false);
    if (!ok) notify.error(t('pay.downloadFailed'));
  };
  const item = (label: string, value: string, testId: string) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Box
      as="section"
      borderWidth="1px"
      borderColor="green.300"
      bg="green.50"
      borderRadius="md"
      p={4}
      data-testid="purchased-panel"
      aria-labelledby="purchased-title"
    >
      <Heading as="h2" size="sm" id="purchased-title" mb={3} color="green.800">
        {t('books.purchasedTitle')}
      </Heading>
      <DataList.Root recipe={dataListRecipe} orientation="horizontal" size="sm" mb={3}>
        {item(t('books.orderNo'), order.orderNo, 'purchased-order-no')}
        {item(t('books.book'), order.bookName, 'purchased-book')}
        {item(t('books.amountPaid'), `${formatPrice(order.amount)} ${order.currency}`, 'purchased-amount')}
        {password ? item(t('books.pdfPassword'), password, 'purchased-password') : null}
      </DataList.Root>
      <Button colorPalette="brand" size="sm" loading={busy} onClick={() => void download()} data-testid="purchased-download">
        {t('books.downloadPdf')}
      </Button>
    </Box>
  );
}
