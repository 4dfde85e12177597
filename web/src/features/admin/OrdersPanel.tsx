import { Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ListAnswer } from '../../components/ui/ListAnswer';
import { usePagedFilter } from '../../lib/paging';
import { ADMIN_ORDERS, type AdminOrderFilter } from './api';
import { AdminOrdersTable } from './AdminOrdersTable';
import { AdminPager } from './AdminPager';
import { OrderDetailDialog } from './OrderDetailDialog';
import { OrderFilterBar } from './OrderFilterBar';

/** Every buyer's orders with the filters, the pager, and one order opened in a dialog. */
export function OrdersPanel() {
  const { t } = useTranslation();
  const { filter, setFilter, page, setPage, pageSize, setPageSize } = usePagedFilter<AdminOrderFilter>({}, 20);
  const [open, setOpen] = useState<string | null>(null);
  const { data, loading, error } = useQuery(ADMIN_ORDERS, { variables: { filter, page, pageSize }, fetchPolicy: 'cache-and-network' });

  return (
    <Stack gap={4}>
      <OrderFilterBar value={filter} onChange={setFilter} />
      <ListAnswer data={data} loading={loading} error={error} fallback={t('common.errorOccurred')}>
        {(shown) => (
          <>
            <AdminOrdersTable rows={shown?.adminOrders.items ?? []} onOpen={setOpen} />
            <AdminPager
              testId="admin-orders-pager"
              total={shown?.adminOrders.total ?? 0}
              page={page}
              pageSize={pageSize}
              onPage={setPage}
              onPageSize={setPageSize}
            />
          </>
        )}
      </ListAnswer>
      {open ? <OrderDetailDialog orderNo={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
