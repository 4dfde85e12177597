import { Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ListAnswer } from '../../components/ui/ListAnswer';
import { lazyWithClient } from '../../lib/lazy';
import { useShopQuery } from '../../lib/data/use-shop-query';
import { requestLogin } from '../../lib/login-gate';
import { HydratedFieldset } from '../../lib/hydrated';
import { usePagedFilter } from '../../lib/paging';
import { useSession } from '../../lib/session';
import { ORDERS, type OrderFilter } from './api';
import { OrderFilters } from './OrderFilters';
import { OrdersPager } from './OrdersPager';
import { OrdersTable } from './OrdersTable';
import { firstOrdersPage } from './prefetch';

// The one part of My Orders that needs Apollo's own hooks: loaded, with the client, when a buyer
// opens it. The list reads through the query store, so a page the gateway rendered for the buyer
// is hydrated without Apollo.
const PurchaseInfoView = lazyWithClient(() => import('./PurchaseInfoView').then((m) => ({ default: m.PurchaseInfoView })));

// The list asks again each time it is shown (an order may have been paid or shipped meanwhile); a
// page rendered for the buyer a moment ago shows the answer it came with (lib/data/query-store.ts).
const ASK_AGAIN = { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' } as const;

function OrdersList() {
  const { t } = useTranslation();
  // The same first page as the gateway renders (web/src/ssr.tsx) and the start-up's prefetch asks
  // for (prefetch.ts), so their answer is found.
  const first = firstOrdersPage();
  const { filter, setFilter, page, setPage, pageSize, setPageSize } = usePagedFilter<OrderFilter>(first.filter, first.pageSize);
  const [infoFor, setInfoFor] = useState<string | null>(null);
  const { data, loading, error } = useShopQuery(ORDERS, { filter, page, pageSize }, ASK_AGAIN);
  // The gateway renders this list for the buyer: until the app runs the page, its filters, pager,
  // order numbers and Download links are disabled (as Buy now is), or a tap on the painted HTML
  // would be lost without a sign.
  return (
    <HydratedFieldset minW={0} display="flex" flexDirection="column" gap={4}>
      <OrderFilters value={filter} onChange={setFilter} />
      <ListAnswer data={data} loading={loading} error={error} fallback={t('common.errorOccurredLower')}>
        {(shown) => (
          <>
            <OrdersTable rows={shown?.orders.items ?? []} onShowInfo={setInfoFor} filtered={filter.status !== undefined || filter.payType !== undefined} />
            <OrdersPager total={shown?.orders.total ?? 0} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
          </>
        )}
      </ListAnswer>
      {infoFor ? (
        <Suspense fallback={null}>
          <PurchaseInfoView orderNo={infoFor} onClose={() => setInfoFor(null)} />
        </Suspense>
      ) : null}
    </HydratedFieldset>
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
