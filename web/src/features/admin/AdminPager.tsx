import { Pager, type PagerPosition } from '../../components/ui/Pager';

export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;

interface Props extends PagerPosition {
  testId: string;
}

/** The console's pager: page sizes 10, 20, 50, 100 (what the admin API accepts). */
export function AdminPager({ testId, ...rest }: Props) {
  return <Pager {...rest} sizes={ADMIN_PAGE_SIZES} texts="admin" testIds={{ root: testId, total: `${testId}-total` }} />;
}
