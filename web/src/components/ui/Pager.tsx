import { chakra, HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { pagerPages } from './pager-pages';
import { SelectBox } from './SelectBox';

/** Where a paged list stands, and how the reader moves it. */
export interface PagerPosition {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

interface Props extends PagerPosition {
  sizes: readonly number[];
  /** Whose texts: the buyer's orders or the console (total, page size, previous, next, page). */
  texts: 'orders' | 'admin';
  testIds: { root: string; total: string; size?: string };
}

// Chakra's ButtonGroup without its Group machinery: the buttons side by side, 0.5rem apart.
const PageButtons = chakra('nav', { base: { display: 'inline-flex', gap: '2', alignItems: 'center' } });

/**
 * Total, page-size selector and pager, as the spec's orders table has them. The pager is a row of
 * buttons rather than Chakra's Pagination, whose state machine (Zag's, with its runtime) was about
 * 7 KB gzipped of My Orders' first load for what is a list of page numbers.
 */
export function Pager({ total, page, pageSize, sizes, onPage, onPageSize, texts, testIds }: Props) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / pageSize);
  return (
    <HStack gap={4} wrap="wrap" justify="flex-end" data-testid={testIds.root}>
      <Text fontSize="sm" data-testid={testIds.total}>
        {t(`${texts}.total`, { count: total })}
      </Text>
      <SelectBox
        aria-label={t(`${texts}.pageSize`, { size: pageSize })}
        value={String(pageSize)}
        onChange={(e) => onPageSize(Number(e.target.value))}
        data-testid={testIds.size}
      >
        {sizes.map((s) => (
          <option key={s} value={s}>
            {t(`${texts}.pageSize`, { size: s })}
          </option>
        ))}
      </SelectBox>
      <PageButtons aria-label={t(`${texts}.pages`)}>
        <IconButton aria-label={t(`${texts}.previousPage`)} variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ‹
        </IconButton>
        {pagerPages(page, pages).map((p, i) =>
          p === null ? (
            <chakra.span key={`gap-${i}`} aria-hidden minW="9" textAlign="center" color="fg.muted">
              …
            </chakra.span>
          ) : (
            <IconButton
              key={p}
              aria-label={t(`${texts}.page`, { page: p })}
              aria-current={p === page ? 'page' : undefined}
              variant={p === page ? 'outline' : 'ghost'}
              size="sm"
              onClick={() => p !== page && onPage(p)}
            >
              {p}
            </IconButton>
          ),
        )}
        <IconButton aria-label={t(`${texts}.nextPage`)} variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          ›
        </IconButton>
      </PageButtons>
    </HStack>
  );
}
