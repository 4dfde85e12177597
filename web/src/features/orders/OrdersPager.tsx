import { Pager, type PagerPosition } from '../../components/ui/Pager';
import { PAGE_SIZES } from '../../lib/config';

/** My Orders' pager: total, page size (10, 20, 50; spec section 2) and pager. */
export function OrdersPager(props: PagerPosition) {
  return <Pager {...props} sizes={PAGE_SIZES} texts="orders" testIds={{ root: 'pager', total: 'orders-total', size: 'page-size' }} />;
}
