import { Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ListAnswer } from '../../components/ui/ListAnswer';
import { formatDateTime } from '../../lib/format';
import { usePagedFilter } from '../../lib/paging';
import { HistoryButton, RowActionButton } from './RowButtons';
import { useChangeNotices } from './change-notices';
import { REGISTRATION_MIRRORS, RETRY_MIRROR, type MirrorStatus, type RegistrationMirror } from './api';
import { AdminPager } from './AdminPager';
import { MirrorHistoryDialog } from './MirrorHistoryDialog';
import { FilterSelect } from './Select';
import { AdminTable } from './AdminTable';

const MIRROR_STATUSES: MirrorStatus[] = ['FAILED', 'PENDING', 'SUCCEEDED'];
const COLUMNS = ['user', 'status', 'attempts', 'lastError', 'lastAttemptAt', 'createdAt', 'action'] as const;

function RetryButton({ mirror, onDone }: { mirror: RegistrationMirror; onDone: () => void }) {
  const { t } = useTranslation();
  const [retry, { loading }] = useMutation(RETRY_MIRROR);
  const notices = useChangeNotices();
  const run = () =>
    retry({ variables: { userId: mirror.userId } }).then((r) => {
      notices.changed(r.data?.retryRegistrationMirror.changed ?? false);
      onDone();
    }, notices.refused);
  return (
    <RowActionButton
      label={t('admin.mirrors.retry')}
      ariaLabel={t('admin.mirrors.retryLabel', { email: mirror.email ?? mirror.userId })}
      testId="mirror-retry"
      onClick={() => void run()}
      loading={loading}
    />
  );
}

/** The accounts' mirrors at the external registration service; a failed one can be sent again. */
export function MirrorsPanel() {
  const { t } = useTranslation();
  const { filter: status, setFilter: setStatus, page, setPage, pageSize, setPageSize } = usePagedFilter<MirrorStatus | undefined>(undefined, 20);
  const [history, setHistory] = useState<RegistrationMirror | null>(null);
  const { data, loading, error, refetch } = useQuery(REGISTRATION_MIRRORS, {
    variables: { status, page, pageSize },
    fetchPolicy: 'cache-and-network',
  });
  const none = t('common.none');

  return (
    <Stack gap={4} data-testid="mirrors-panel">
      <FilterSelect
        label={t('admin.mirrors.status')}
        testId="mirror-filter-status"
        allLabel={t('admin.all')}
        value={status ?? ''}
        options={MIRROR_STATUSES.map((s) => ({ value: s, label: t(`admin.mirrors.statuses.${s}`) }))}
        onChange={(v) => setStatus((v || undefined) as MirrorStatus | undefined)}
      />
      <ListAnswer data={data?.registrationMirrors} loading={loading} error={error} fallback={t('common.errorOccurred')}>
        {(shown) => (
          <>
            <AdminTable
              testId="mirrors-table"
              columns={COLUMNS}
              heading={(c) => t(`admin.mirrors.${c}`)}
              empty={shown?.items.length ? null : t('admin.mirrors.empty')}
            >
              {shown?.items.map((m) => (
                <Table.Row key={m.userId} data-testid="mirror-row" data-email={m.email ?? ''}>
                  <Table.Cell>
                    <Text>{m.email ?? m.userId}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {m.name}
                    </Text>
                  </Table.Cell>
                  <Table.Cell
                    whiteSpace="nowrap"
                    color={m.status === 'FAILED' ? 'red.600' : m.status === 'SUCCEEDED' ? 'green.700' : undefined}
                    data-testid="mirror-status"
                  >
                    {t(`admin.mirrors.statuses.${m.status}`)}
                  </Table.Cell>
                  <Table.Cell>{m.attempts}</Table.Cell>
                  <Table.Cell maxW="260px" wordBreak="break-word">
                    {/* The registration service's own answer, shown as received for finding it in its logs. */}
                    {m.lastError ? (
                      <Code fontSize="xs" whiteSpace="normal" data-testid="mirror-last-error">
                        {m.lastError}
                      </Code>
                    ) : (
                      none
                    )}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{m.lastAttemptAt ? formatDateTime(m.lastAttemptAt) : none}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(m.createdAt)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap={2}>
                      {m.status === 'FAILED' ? <RetryButton mirror={m} onDone={() => void refetch()} /> : null}
                      <HistoryButton
                        label={t('admin.mirrors.history')}
                        ariaLabel={t('admin.mirrors.historyLabel', { email: m.email ?? m.userId })}
                        testId="mirror-history-open"
                        onOpen={() => setHistory(m)}
                      />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </AdminTable>
            <AdminPager testId="mirrors-pager" total={shown?.total ?? 0} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
          </>
        )}
      </ListAnswer>
      {history ? <MirrorHistoryDialog mirror={history} onClose={() => setHistory(null)} /> : null}
    </Stack>
  );
}
