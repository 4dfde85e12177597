import { Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DIALOG_WIDTH } from '../../lib/config';
import { messageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { accountLabel, ADMIN_ACCOUNT, type AdminAccount } from './accounts-api';
import { Fact } from '../../components/ui/Fact';
import { AccountStateButton } from './AccountStateButton';
import { AdminOrdersTable } from './AdminOrdersTable';
import { OrderDetailDialog } from './OrderDetailDialog';

/** One account: its details, mirror state, open sessions and orders; disable or enable it. */
export function AccountDetailDialog({ account, onClose, onChanged }: { account: AdminAccount; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const { data, error, refetch } = useQuery(ADMIN_ACCOUNT, { variables: { userId: account.userId }, fetchPolicy: 'cache-and-network' });
  const [orderNo, setOrderNo] = useState<string | null>(null);
  const a = data?.adminAccount ?? account;
  const none = t('common.none');
  return (
    <ShopDialog
      open
      onClose={onClose}
      title={t('admin.accounts.detailTitle', { account: accountLabel(a) })}
      width={DIALOG_WIDTH.purchase}
      testId="account-detail"
      focusableBody
    >
      <Stack gap={4}>
        <Stack gap={1}>
          <Fact label={t('admin.accounts.name')} value={[a.name, a.company].filter(Boolean).join(' / ') || none} />
          {a.email ? <Fact label={t('account.email')} value={a.email} /> : null}
          {a.phoneNo ? <Fact label={t('account.phone')} value={`${a.phoneArea ?? ''} ${a.phoneNo}`.trim()} /> : null}
          <Fact label={t('admin.accounts.createdAt')} value={formatDateTime(a.createdAt)} />
          <Fact label={t('admin.accounts.language')} value={t(`admin.paper.languages.${a.language}`)} />
          <Fact
            label={t('admin.accounts.state')}
            value={a.disabled ? t('admin.accounts.disabled') : t('admin.accounts.active')}
            testId="account-detail-state"
          />
          <Fact label={t('admin.accounts.openSessions')} value={String(a.openSessions)} testId="account-detail-sessions" />
          <Fact
            label={t('admin.accounts.mirror')}
            value={a.mirrorStatus ? t(`admin.mirrors.statuses.${a.mirrorStatus}`) : t('admin.accounts.noMirror')}
            testId="account-detail-mirror"
          />
          {a.mirrorLastError ? <Fact label={t('admin.accounts.mirrorError')} value={a.mirrorLastError} /> : null}
          {a.loginFirst ? <Text>{t('admin.accounts.loginFirst')}</Text> : null}
        </Stack>
        <HStack>
          <AccountStateButton
            account={a}
            onDone={() => {
              void refetch();
              onChanged();
            }}
          />
        </HStack>
        <Heading as="h3" size="sm">
          {t('admin.accounts.ordersTitle')}
        </Heading>
        {error && !data ? (
          <Text color="red.600" role="alert">
            {messageOf(error, t('common.errorOccurred'))}
          </Text>
        ) : !data ? (
          <Spinner />
        ) : (
          <AdminOrdersTable rows={data.adminAccount?.orders ?? []} onOpen={setOrderNo} emptyText={t('admin.accounts.noOrders')} />
        )}
      </Stack>
      {orderNo ? <OrderDetailDialog orderNo={orderNo} onClose={() => setOrderNo(null)} /> : null}
    </ShopDialog>
  );
}
