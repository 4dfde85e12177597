import { Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { BookCover } from '../../components/ui/BookCover';
import { EmailText } from '../../components/ui/EmailText';
import { TextButton } from '../../components/ui/TextButton';
import { notify } from '../../components/ui/toaster';
import { downloadFile, safeFileName } from '../../lib/download';
import { formatDateTime, formatPrice } from '../../lib/format';
import { tableRecipe } from '../../lib/theme';
import { useDesktop } from '../../lib/viewport';
import type { OrderRow } from './api';
import { OrderRefunds } from './OrderRefunds';
import { IssuedInvoice } from '../../components/ui/IssuedInvoice';

interface Props {
  rows: OrderRow[];
  onShowInfo: (orderNo: string) => void;
  /** A filter is set: an empty page means "nothing matches", not "no orders at all". */
  filtered: boolean;
}

function useOrderCells(onShowInfo: (orderNo: string) => void) {
  const { t } = useTranslation();
  const none = t('common.none');
  const download = async (row: OrderRow) => {
    const ok = row.downloadUrl ? await downloadFile(row.downloadUrl, `${safeFileName(row.bookName)}.pdf`) : false;
    if (!ok) notify.error(t('pay.downloadFailed'));
  };
  return {
    none,
    payType: (r: OrderRow) =>
      r.paymentMethod ? t(`purchase.methods.${r.paymentMethod}`) : r.payType === 3 ? t('orders.payTypes.offline') : t('orders.payTypes.online'),
    format: (r: OrderRow) => (r.format === 'EBOOK' ? t('books.ebook') : t('books.paper')),
    password: (r: OrderRow) => (r.format === 'EBOOK' ? <EmailText value={r.ebookPassword ?? r.buyerEmail} /> : none),
    orderNo: (r: OrderRow) => (
      <TextButton onClick={() => onShowInfo(r.orderNo)} aria-label={t('orders.showPurchaseInfo', { orderNo: r.orderNo })}>
        {r.orderNo}
      </TextButton>
    ),
    status: (r: OrderRow) => (
      <Text as="span" color={r.status === 'PAID' ? 'green.700' : 'red.600'} data-testid="order-status">
        {t(`orders.statuses.${r.status}`)}
      </Text>
    ),
    operation: (r: OrderRow) =>
      r.status === 'PAID' && r.format === 'EBOOK' && r.downloadable ? (
        <TextButton onClick={() => void download(r)} data-testid="download">
          {t('orders.download')}
        </TextButton>
      ) : (
        none
      ),
  };
}

/**
 * Chinese words are never split over two lines (德国, 待支付, 操作: keep-all breaks CJK text only
 * where Latin text breaks, at spaces and punctuation); the book's title alone wraps anywhere, as
 * its column is the one with room.
 */
const WHOLE_WORDS = { wordBreak: 'keep-all' };
const TITLE_WRAPS = { wordBreak: 'normal' };

/** An order row with its refunds on the line below: no rule between the two. */
const UNDERLINED_BY_REFUNDS = { '& > td': { borderBottomWidth: '0' } };

/**
 * My Orders: the spec's eleven columns from 633 px on, sized so that nothing the buyer needs
 * (the password and the Download link) leaves the frame at 1280 px; one card per order on phones.
 */
export function OrdersTable(props: Props) {
  return useDesktop() ? <OrdersGrid {...props} /> : <OrderCards {...props} />;
}

function EmptyText({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  return <>{filtered ? t('orders.noMatch') : t('orders.empty')}</>;
}

function OrdersGrid({ rows, onShowInfo, filtered }: Props) {
  const { t } = useTranslation();
  const cell = useOrderCells(onShowInfo);
  const headers = ['orderTime', 'orderId', 'book', 'format', 'country', 'payType', 'price', 'currency', 'status', 'password', 'operation'] as const;

  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="white">
      <Table.Root recipe={tableRecipe} size="sm" data-testid="orders-table" css={WHOLE_WORDS}>
        <Table.Header>
          <Table.Row>
            {headers.map((h) => (
              <Table.ColumnHeader key={h} px={2} whiteSpace={h === 'orderId' ? 'nowrap' : 'normal'} minW={h === 'password' ? '8rem' : undefined}>
                {t(`orders.${h}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={headers.length} textAlign="center" color="fg.muted" py={8} data-testid="orders-empty">
                <EmptyText filtered={filtered} />
              </Table.Cell>
            </Table.Row>
          ) : null}
          {rows.map((r) => (
            <Fragment key={r.orderNo}>
              <Table.Row
                data-testid="order-row"
                data-order-no={r.orderNo}
                css={r.refunds.length || r.invoiceStatus !== 'NONE' ? UNDERLINED_BY_REFUNDS : undefined}
              >
                {/* Date over time: the narrowest form of YYYY-MM-DD HH:mm. */}
                <Table.Cell px={2} minW="5.5rem" whiteSpace="normal">
                  {formatDateTime(r.createdAt)}
                </Table.Cell>
                <Table.Cell px={2} whiteSpace="nowrap">
                  {cell.orderNo(r)}
                </Table.Cell>
                <Table.Cell px={2} minW="9rem">
                  <HStack>
                    <BookCover bookId={r.bookId} alt="" h="48px" w="36px" flexShrink={0} />
                    <Text lineClamp={3} whiteSpace="normal" css={TITLE_WRAPS}>
                      {r.bookName}
                    </Text>
                  </HStack>
                </Table.Cell>
                <Table.Cell px={2} whiteSpace="normal">
                  {cell.format(r)}
                </Table.Cell>
                <Table.Cell px={2} whiteSpace="normal">
                  {r.country}
                </Table.Cell>
                <Table.Cell px={2} whiteSpace="normal">
                  {cell.payType(r)}
                </Table.Cell>
                <Table.Cell px={2} textAlign="end">
                  {formatPrice(r.amount)}
                </Table.Cell>
                <Table.Cell px={2}>{r.currency}</Table.Cell>
                <Table.Cell px={2} whiteSpace="normal">
                  {cell.status(r)}
                </Table.Cell>
                {/* An email wraps before its @ and dots (EmailText), at any letter only when a part is wider than the column. */}
                <Table.Cell px={2} minW="8rem" maxW="12rem" whiteSpace="normal" css={{ overflowWrap: 'break-word' }} data-testid="order-password">
                  {cell.password(r)}
                </Table.Cell>
                <Table.Cell px={2} whiteSpace="nowrap">
                  {cell.operation(r)}
                </Table.Cell>
              </Table.Row>
              {/* The order's invoice and refunds on lines of their own under it, the width of the table. */}
              {r.invoiceStatus !== 'NONE' ? (
                <Table.Row data-testid="order-invoice-row" data-invoice-of={r.orderNo} css={r.refunds.length ? UNDERLINED_BY_REFUNDS : undefined}>
                  <Table.Cell colSpan={headers.length} px={2} pt={0} whiteSpace="normal">
                    <IssuedInvoice status={r.invoiceStatus} issued={r.issuedInvoice} />
                  </Table.Cell>
                </Table.Row>
              ) : null}
              {r.refunds.length ? (
                <Table.Row data-testid="order-refunds" data-refunds-of={r.orderNo}>
                  <Table.Cell colSpan={headers.length} px={2} pt={0} whiteSpace="normal">
                    <OrderRefunds order={r} />
                  </Table.Cell>
                </Table.Row>
              ) : null}
            </Fragment>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function OrderCards({ rows, onShowInfo, filtered }: Props) {
  const { t } = useTranslation();
  const cell = useOrderCells(onShowInfo);
  if (rows.length === 0)
    return (
      <Text textAlign="center" color="fg.muted" py={8} data-testid="orders-empty">
        <EmptyText filtered={filtered} />
      </Text>
    );
  const line = (label: string, value: ReactNode) => (
    <HStack justify="space-between" align="start" gap={3} fontSize="sm">
      <Text color="fg.muted" flexShrink={0}>
        {label}
      </Text>
      <Box textAlign="end" minW={0} css={{ overflowWrap: 'break-word', wordBreak: 'keep-all' }}>
        {value}
      </Box>
    </HStack>
  );
  return (
    <Stack as="ul" gap={3} listStyleType="none" data-testid="orders-cards">
      {rows.map((r) => (
        <Box as="li" key={r.orderNo} bg="white" borderWidth="1px" borderRadius="md" p={4} data-testid="order-card" data-order-no={r.orderNo}>
          <HStack align="start" gap={3} mb={3}>
            <BookCover bookId={r.bookId} alt="" h="64px" w="48px" flexShrink={0} />
            <Stack gap={1} flex="1" minW={0}>
              <Text fontWeight="semibold">{r.bookName}</Text>
              <Text fontSize="sm">
                {cell.format(r)} · {formatPrice(r.amount)} {r.currency}
              </Text>
              {cell.status(r)}
            </Stack>
          </HStack>
          <Stack gap={1}>
            {line(t('orders.orderId'), cell.orderNo(r))}
            {line(t('orders.orderTime'), formatDateTime(r.createdAt))}
            {line(t('orders.country'), r.country)}
            {line(t('orders.payType'), cell.payType(r))}
            {line(t('orders.password'), cell.password(r))}
            {line(t('orders.operation'), cell.operation(r))}
          </Stack>
          {r.invoiceStatus !== 'NONE' ? (
            <Stack mt={3} data-invoice-of={r.orderNo}>
              <IssuedInvoice status={r.invoiceStatus} issued={r.issuedInvoice} />
            </Stack>
          ) : null}
          {r.refunds.length ? (
            <Stack mt={3} data-testid="order-refunds" data-refunds-of={r.orderNo}>
              <OrderRefunds order={r} />
            </Stack>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
