// The reconciliation page's lists of differences: the open ones with the actions their verdict
// allows, and the resolved ones with who answered, when and the note.
import { Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { formatDateTime } from '../../lib/format';
import type { ReconciliationAction, ReconciliationItem } from './reconciliation-api';
import { HistoryButton } from './RowButtons';
import { ReconciliationDetail } from './ReconciliationDetail';
import { AdminTable } from './AdminTable';

function Amounts({ item }: { item: ReconciliationItem }) {
  const { t } = useTranslation();
  if (!item.billAmount) return <>{t('common.none')}</>;
  return (
    <Stack gap={0}>
      <Text whiteSpace="nowrap">
        {item.billAmount} {item.billCurrency}
        {item.billKind === 'REFUND' ? ` (${t('admin.reconciliation.refundRow')})` : ''}
      </Text>
      {item.billFee ? (
        <Text fontSize="xs" color="fg.muted">
          {t('admin.reconciliation.fee', { amount: item.billFee })}
        </Text>
      ) : null}
      {item.payerAmount ? (
        <Text fontSize="xs" color="fg.muted">
          {t('admin.reconciliation.payer', { amount: item.payerAmount, currency: item.payerCurrency ?? '' })}
        </Text>
      ) : null}
    </Stack>
  );
}

function TradeCell({ item }: { item: ReconciliationItem }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
        {item.outTradeNo}
      </Text>
      {item.refundNo ? (
        <Text fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-all">
          {item.refundNo}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        {t(`admin.providers.${item.provider}`)}
      </Text>
    </Stack>
  );
}

const OPEN_COLUMNS = ['verdict', 'trade', 'order', 'billed', 'shop', 'detail', 'actions'] as const;
const RESOLVED_COLUMNS = ['verdict', 'trade', 'order', 'billed', 'state', 'note', 'resolvedBy', 'actions'] as const;

export function ItemsTable({
  items,
  open,
  onAct,
  onHistory,
}: {
  items: ReconciliationItem[];
  open: boolean;
  onAct: (item: ReconciliationItem, action: ReconciliationAction) => void;
  onHistory: (item: ReconciliationItem) => void;
}) {
  const { t } = useTranslation();
  const none = t('common.none');
  const columns = open ? OPEN_COLUMNS : RESOLVED_COLUMNS;
  const history = (i: ReconciliationItem) => (
    <HistoryButton
      label={t('admin.reconciliation.history')}
      ariaLabel={t('admin.reconciliation.historyLabel', { trade: i.refundNo ?? i.outTradeNo })}
      testId="recon-history-open"
      onOpen={() => onHistory(i)}
    />
  );
  return (
    <AdminTable
      testId={open ? 'recon-open-table' : 'recon-resolved-table'}
      columns={columns}
      heading={(c) => t(`admin.reconciliation.cols.${c}`)}
      empty={items.length ? null : open ? t('admin.reconciliation.openEmpty') : t('admin.reconciliation.resolvedEmpty')}
      emptyPy={6}
    >
      {items.map((i) => (
        <Table.Row
          key={i.id}
          verticalAlign="top"
          data-testid={open ? 'recon-open-row' : 'recon-resolved-row'}
          data-trade={i.outTradeNo}
          data-refund={i.refundNo ?? ''}
          data-verdict={i.verdict}
        >
          <Table.Cell
            minW="140px"
            whiteSpace="normal"
            color={open ? 'red.700' : undefined}
            fontWeight={open ? 'semibold' : undefined}
            data-testid="recon-verdict"
          >
            {t(`admin.reconciliation.verdicts.${i.verdict}`)}
          </Table.Cell>
          <Table.Cell maxW="200px">
            <TradeCell item={i} />
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{i.orderNo ?? none}</Table.Cell>
          <Table.Cell>
            <Amounts item={i} />
          </Table.Cell>
          {open ? (
            <>
              <Table.Cell whiteSpace="nowrap">{i.shopAmount ? `${i.shopAmount} ${i.shopCurrency ?? ''}` : none}</Table.Cell>
              <Table.Cell minW="200px" maxW="320px" whiteSpace="normal" wordBreak="break-word">
                <Text>{t(`admin.reconciliation.explain.${i.verdict}`)}</Text>
                <ReconciliationDetail code={i.detailCode} values={i.detailValues} detail={i.detail} fontSize="xs" color="fg.muted" data-testid="recon-detail" />
                {i.recheckUntil ? (
                  <Text fontSize="xs" color="fg.muted">
                    {t('admin.reconciliation.recheck', { date: i.recheckUntil })}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>
                <Flex gap={2} direction="column" align="start">
                  {i.allowedActions.map((a) => (
                    <Button
                      key={a}
                      size="xs"
                      colorPalette="blue"
                      variant={a === 'ACKNOWLEDGE' ? 'outline' : 'solid'}
                      onClick={() => onAct(i, a)}
                      aria-label={t('admin.reconciliation.actionLabel', {
                        action: t(`admin.reconciliation.actions.${a}`),
                        trade: i.refundNo ?? i.outTradeNo,
                      })}
                      data-testid={`recon-action-${a}`}
                    >
                      {t(`admin.reconciliation.actions.${a}`)}
                    </Button>
                  ))}
                  {history(i)}
                </Flex>
              </Table.Cell>
            </>
          ) : (
            <>
              <Table.Cell whiteSpace="nowrap" data-testid="recon-state">
                {t(`admin.reconciliation.states.${i.state}`)}
              </Table.Cell>
              {/* The operator's note is shown as typed, in whatever language: marked as of no known language. */}
              <Table.Cell minW="120px" maxW="260px" whiteSpace="normal" wordBreak="break-word" lang={i.note ? '' : undefined} data-testid="recon-note-text">
                {i.note ?? none}
              </Table.Cell>
              <Table.Cell>
                <Text wordBreak="break-all" data-testid="recon-resolved-by">
                  {i.resolvedBy ?? t('admin.reconciliation.system')}
                </Text>
                <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="recon-resolved-at">
                  {formatDateTime(i.resolvedAt ?? i.updatedAt)}
                </Text>
              </Table.Cell>
              <Table.Cell>{history(i)}</Table.Cell>
            </>
          )}
        </Table.Row>
      ))}
    </AdminTable>
  );
}
