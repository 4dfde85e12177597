import { HStack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BookCover } from '../../components/ui/BookCover';
import { TextButton } from '../../components/ui/TextButton';
import { notify } from '../../components/ui/toaster';
import { downloadFile, safeFileName } from '../../lib/download';
import { formatDateTime, formatPrice } from '../../lib/format';
import { tableRecipe } from '../../lib/theme';
import type { OrderRow } from './api';

interface Props {
  rows: OrderRow[];
  onShowInfo: (orderNo: string) => void;
}

export function OrdersTable({ rows, onShowInfo }: Props) {
  const { t } = useTranslation();
  const none = t('common.none');
  const download = async (row: OrderRow) => {
    const ok = row.downloadUrl ? await downloadFile(row.downloadUrl, `${safeFileName(row.bookName)}.pdf`) : false;
    if (!ok) notify.error(t('pay.downloadFailed'));
  };
  const payType = (r: OrderRow) => (r.paymentMethod ? t(`purchase.methods.${r.paymentMethod}`) : r.payType === 3 ? t('orders.payTypes.offline') : t('orders.payTypes.online'));
  const headers = ['orderTime', 'orderId', 'book', 'format', 'country', 'payType', 'price', 'currency', 'status', 'password', 'operation'] as const;

  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="white">
      <Table.Root recipe={tableRecipe} size="sm" data-testid="orders-table">
        <Table.Header>
          <Table.Row>
            {headers.map((h) => (
              <Table.ColumnHeader key={h} whiteSpace="nowrap">
                {t(`orders.${h}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={headers.length} textAlign="center" color="fg.muted" py={8}>
                {t('orders.empty')}
              </Table.Cell>
            </Table.Row>
          ) : null}
          {rows.map((r) => {
            const paidEbook = r.status === 'PAID' && r.format === 'EBOOK' && r.downloadable;
            return (
              <Table.Row key={r.orderNo} data-testid="order-row" data-order-no={r.orderNo}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(r.createdAt)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <TextButton onClick={() => onShowInfo(r.orderNo)} aria-label={t('orders.showPurchaseInfo', { orderNo: r.orderNo })}>
                    {r.orderNo}
                  </TextButton>
                </Table.Cell>
                <Table.Cell minW="220px" maxW="300px">
                  <HStack>
                    <BookCover bookId={r.bookId} alt="" h="48px" w="36px" flexShrink={0} />
                    <Text lineClamp={3} whiteSpace="normal">
                      {r.bookName}
                    </Text>
                  </HStack>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{r.format === 'EBOOK' ? t('books.ebook') : t('books.paper')}</Table.Cell>
                <Table.Cell>{r.country}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{payType(r)}</Table.Cell>
                <Table.Cell textAlign="end">{formatPrice(r.amount)}</Table.Cell>
                <Table.Cell>{r.currency}</Table.Cell>
                <Table.Cell whiteSpace="nowrap" color={r.status === 'PAID' ? 'green.600' : 'red.600'} data-testid="order-status">
                  {t(`orders.statuses.${r.status}`)}
                </Table.Cell>
                <Table.Cell maxW="200px" wordBreak="break-all">
                  {r.format === 'EBOOK' ? (r.ebookPassword ?? r.buyerEmail) : none}
                </Table.Cell>
                <Table.Cell>
                  {paidEbook ? (
                    <TextButton onClick={() => void download(r)} data-testid="download">
                      {t('orders.download')}
                    </TextButton>
                  ) : (
                    none
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
