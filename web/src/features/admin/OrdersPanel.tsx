import { Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../lib/errors';
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
  const { data, previousData, loading, error } = useQuery(ADMIN_ORDERS, { variables: { filter, page, pageSize }, fetchPolicy: 'cache-and-network' });
  const shown = data ?? previousData;

  return (
    <Stack gap={4}>
      <OrderFilterBar value={filter} onChange={setFilter} />
      {error && !shown ? (
        <Text color="red.600" role="alert">
          {messageOf(error, t('common.errorOccurred'))}
        </Text>
      ) : !shown && loading ? (
        <Spinner />
      ) : (
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
      {open ? <OrderDetailDialog orderNo={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
