import { Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { openAuth } from '../../lib/auth-dialog';
import { useSession } from '../../lib/session';
import { AccountsPanel } from './AccountsPanel';
import { MirrorsPanel } from './MirrorsPanel';
import { OrdersPanel } from './OrdersPanel';
import { PaperOrderPanel } from './PaperOrderPanel';
import { ReconciliationPanel } from './ReconciliationPanel';

type Tab = 'orders' | 'paper' | 'mirrors' | 'accounts' | 'reconciliation';

const TABS: readonly Tab[] = ['orders', 'paper', 'mirrors', 'accounts', 'reconciliation'];

/** The tab a link asks for (`?tab=reconciliation`, as the reconciliation alert mail links it). */
function linkedTab(): Tab {
  const asked = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('tab');
  return TABS.find((tab) => tab === asked) ?? 'orders';
}

function Console() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(linkedTab);
  const tabButton = (id: Tab, label: string) => (
    <Button
      size="sm"
      variant={tab === id ? 'solid' : 'outline'}
      colorPalette="blue"
      aria-pressed={tab === id}
      onClick={() => setTab(id)}
      data-testid={`admin-tab-${id}`}
    >
      {label}
    </Button>
  );
  return (
    <Stack gap={4}>
      <HStack gap={2} wrap="wrap">
        {tabButton('orders', t('admin.tabOrders'))}
        {tabButton('paper', t('admin.tabPaper'))}
        {tabButton('mirrors', t('admin.tabMirrors'))}
        {tabButton('accounts', t('admin.tabAccounts'))}
        {tabButton('reconciliation', t('admin.tabReconciliation'))}
      </HStack>
      {tab === 'orders' ? (
        <OrdersPanel />
      ) : tab === 'paper' ? (
        <PaperOrderPanel />
      ) : tab === 'mirrors' ? (
        <MirrorsPanel />
      ) : tab === 'accounts' ? (
        <AccountsPanel />
      ) : (
        <ReconciliationPanel />
      )}
    </Stack>
  );
}

/** /admin: the operator console. Guests get the login; buyers are refused (the API refuses them too). */
export function AdminPage() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  useEffect(() => {
    if (!loading && !user) openAuth('login');
  }, [loading, user]);
  return (
    <Stack gap={6} data-testid="admin-page">
      <Heading as="h1" size="lg">
        {t('admin.title')}
      </Heading>
      {loading ? (
        <Spinner />
      ) : !user ? (
        <Stack align="start" data-testid="admin-guest">
          <Text>{t('nav.loginFirst')}</Text>
          <Button colorPalette="blue" onClick={() => openAuth('login')}>
            {t('nav.login')}
          </Button>
        </Stack>
      ) : user.role !== 'operator' ? (
        <Stack align="start" role="alert" data-testid="admin-refused">
          <Text fontWeight="semibold" color="red.600">
            {t('dict.noPermission')}
          </Text>
          <Text>{t('admin.refused')}</Text>
        </Stack>
      ) : (
        <Console />
      )}
    </Stack>
  );
}
