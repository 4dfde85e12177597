import { Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestLogin } from '../../lib/login-gate';
import { messageOf } from '../../lib/errors';
import { usePagedFilter } from '../../lib/paging';
import { useSession } from '../../lib/session';
import { ORDERS, type OrderFilter } from './api';
import { OrderFilters } from './OrderFilters';
import { OrdersPager } from './OrdersPager';
import { OrdersTable } from './OrdersTable';
import { PurchaseInfoView } from './PurchaseInfoView';
import { firstOrdersPage } from './prefetch';

function OrdersList() {
  const { t } = useTranslation();
  // The same first page as the start-up's prefetch asks for (prefetch.ts), so its answer is found.
  const first = firstOrdersPage();
  const { filter, setFilter, page, setPage, pageSize, setPageSize } = usePagedFilter<OrderFilter>(first.filter, first.pageSize);
  const [infoFor, setInfoFor] = useState<string | null>(null);
  const { data, previousData, loading, error } = useQuery(ORDERS, { variables: { filter, page, pageSize }, fetchPolicy: 'cache-and-network' });
  const shown = data ?? previousData;

  return (
    <Stack gap={4}>
      <OrderFilters value={filter} onChange={setFilter} />
      {error && !shown ? (
        <Text color="red.600" role="alert">
          {messageOf(error, t('common.errorOccurredLower'))}
        </Text>
      ) : !shown && loading ? (
        <Spinner />
      ) : (
        <>
          <OrdersTable rows={shown?.orders.items ?? []} onShowInfo={setInfoFor} filtered={filter.status !== undefined || filter.payType !== undefined} />
          <OrdersPager total={shown?.orders.total ?? 0} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
        </>
      )}
      {infoFor ? <PurchaseInfoView orderNo={infoFor} onClose={() => setInfoFor(null)} /> : null}
    </Stack>
  );
}

/**
 * /orders: My Orders needs a login. A guest goes to the external login page with access=order, or
 * (no external page configured) gets the login dialog and lands here after logging in.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  useEffect(() => {
    if (!loading && !user) requestLogin('order');
  }, [loading, user]);
  return (
    <Stack gap={6}>
      <Heading as="h1" size="lg">
        {t('orders.title')}
      </Heading>
      {loading ? (
        <Spinner />
      ) : user ? (
        <OrdersList />
      ) : (
        <Stack align="start" data-testid="orders-guest">
          <Text>{t('nav.loginFirst')}</Text>
          <Button colorPalette="blue" onClick={() => requestLogin('order')}>
            {t('nav.login')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
