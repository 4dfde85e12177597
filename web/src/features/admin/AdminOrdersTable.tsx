import { Table, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { TextButton } from '../../components/ui/TextButton';
import { formatDateTime } from '../../lib/format';
import type { AdminOrder } from './api';
import { paymentLabel, statusColor } from './labels';
import { AdminTable } from './AdminTable';

interface Props {
  rows: AdminOrder[];
  onOpen: (orderNo: string) => void;
  /** The text of an empty table (default: nothing matches the filters). */
  emptyText?: string;
}

const COLUMNS = ['createdAt', 'orderNo', 'buyer', 'book', 'amount', 'payment', 'status', 'shipping', 'invoice'] as const;

export function AdminOrdersTable({ rows, onOpen, emptyText }: Props) {
  const { t } = useTranslation();
  return (
    <AdminTable
      testId="admin-orders-table"
      columns={COLUMNS}
      heading={(c) => t(`admin.cols.${c}`)}
      empty={rows.length ? null : (emptyText ?? t('admin.empty'))}
      emptyTestId="admin-orders-empty"
    >
      {rows.map((r) => (
        <Table.Row key={r.orderNo} data-testid="admin-order-row" data-order-no={r.orderNo}>
          <Table.Cell whiteSpace="nowrap">{formatDateTime(r.createdAt)}</Table.Cell>
          <Table.Cell whiteSpace="nowrap">
            <TextButton onClick={() => onOpen(r.orderNo)} aria-label={t('admin.detail.open', { orderNo: r.orderNo })} data-testid="admin-order-open">
              {r.orderNo}
            </TextButton>
          </Table.Cell>
          <Table.Cell>
            <Text>{r.buyerEmail}</Text>
            <Text fontSize="xs" color="fg.muted">
              {r.buyerName}
            </Text>
          </Table.Cell>
          <Table.Cell minW="200px" whiteSpace="normal">
            {r.bookName} · {r.format === 'EBOOK' ? t('books.ebook') : t('books.paper')}
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {r.amount} {r.currency}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{paymentLabel(t, r)}</Table.Cell>
          <Table.Cell whiteSpace="nowrap" color={statusColor(r.status)} data-testid="admin-order-status">
            {t(`orders.statuses.${r.status}`)}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{r.format === 'PAPER' ? t(`admin.shipping.${r.shippingStatus}`) : t('common.none')}</Table.Cell>
          <Table.Cell whiteSpace="nowrap" data-testid="admin-order-invoice">
            {t(`admin.invoices.statuses.${r.invoiceStatus}`)}
          </Table.Cell>
        </Table.Row>
      ))}
    </AdminTable>
  );
}
