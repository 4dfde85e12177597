import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ListAnswer } from '../../components/ui/ListAnswer';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { usePagedFilter } from '../../lib/paging';
import { accountLabel, ADMIN_ACCOUNTS, type AdminAccount } from './accounts-api';
import { AccountDetailDialog } from './AccountDetailDialog';
import { AccountStateButton } from './AccountStateButton';
import { AdminPager } from './AdminPager';
import { AdminTable } from './AdminTable';

const COLUMNS = ['account', 'name', 'state', 'orders', 'mirror', 'action'] as const;

/** Operators find an account (email, phone, name, company or id), see it and disable or enable it. */
export function AccountsPanel() {
  const { t } = useTranslation();
  const { filter: search, setFilter: setSearch, page, setPage, pageSize, setPageSize } = usePagedFilter<string>('', 20);
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState<AdminAccount | null>(null);
  const { data, loading, error, refetch } = useQuery(ADMIN_ACCOUNTS, {
    variables: { search: search || undefined, page, pageSize },
    fetchPolicy: 'cache-and-network',
  });

  const find = (e: FormEvent) => {
    e.preventDefault();
    setSearch(typed.trim());
  };

  return (
    <Stack gap={4} data-testid="accounts-panel">
      <form onSubmit={find} role="search">
        <HStack align="end" gap={2} maxW="560px">
          <FormField label={t('admin.accounts.search')}>
            <TextInput
              name="accountSearch"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={t('admin.accounts.searchPlaceholder')}
              data-testid="account-search"
            />
          </FormField>
          <Button type="submit" colorPalette="blue" data-testid="account-search-submit">
            {t('admin.accounts.find')}
          </Button>
        </HStack>
      </form>
      <ListAnswer data={data?.adminAccounts} loading={loading} error={error} fallback={t('common.errorOccurred')}>
        {(shown) => (
          <>
            <AdminTable
              testId="accounts-table"
              columns={COLUMNS}
              heading={(c) => t(`admin.accounts.${c}`)}
              empty={shown?.items.length ? null : t('admin.accounts.empty')}
              emptyTestId="accounts-empty"
            >
              {shown?.items.map((a) => (
                <Table.Row key={a.userId} data-testid="account-row" data-account={accountLabel(a)}>
                  <Table.Cell wordBreak="break-all">{accountLabel(a)}</Table.Cell>
                  <Table.Cell>
                    <Text>{a.name}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {a.company}
                    </Text>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" color={a.disabled ? 'red.600' : 'green.700'} data-testid="account-state">
                    {a.disabled ? t('admin.accounts.disabled') : t('admin.accounts.active')}
                  </Table.Cell>
                  <Table.Cell>{a.orderCount}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap" data-testid="account-mirror">
                    {a.mirrorStatus ? t(`admin.mirrors.statuses.${a.mirrorStatus}`) : t('admin.accounts.noMirror')}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap={2}>
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => setOpen(a)}
                        aria-label={t('admin.accounts.viewLabel', { account: accountLabel(a) })}
                        data-testid="account-view"
                      >
                        {t('admin.accounts.view')}
                      </Button>
                      <AccountStateButton account={a} onDone={() => void refetch()} />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </AdminTable>
            <AdminPager testId="accounts-pager" total={shown?.total ?? 0} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
          </>
        )}
      </ListAnswer>
      {open ? <AccountDetailDialog account={open} onClose={() => setOpen(null)} onChanged={() => void refetch()} /> : null}
    </Stack>
  );
}
