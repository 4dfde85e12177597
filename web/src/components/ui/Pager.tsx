import { ButtonGroup, HStack, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { nativeSelectRecipe } from '../../lib/theme';

interface Props {
  total: number;
  page: number;
  pageSize: number;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** Whose texts: the buyer's orders or the console (total, page size, previous, next, page). */
  texts: 'orders' | 'admin';
  testIds: { root: string; total: string; size?: string };
}

/** Total, page-size selector and pager, as the spec's orders table has them. */
export function Pager({ total, page, pageSize, sizes, onPage, onPageSize, texts, testIds }: Props) {
  const { t } = useTranslation();
  return (
    <HStack gap={4} wrap="wrap" justify="flex-end" data-testid={testIds.root}>
      <Text fontSize="sm" data-testid={testIds.total}>
        {t(`${texts}.total`, { count: total })}
      </Text>
      <NativeSelect.Root recipe={nativeSelectRecipe} size="sm" w="auto">
        <NativeSelect.Field
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
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Pagination.Root count={total} pageSize={pageSize} page={page} onPageChange={(d) => onPage(d.page)}>
        <ButtonGroup variant="ghost" size="sm">
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label={t(`${texts}.previousPage`)}>‹</IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(p) => (
              <IconButton aria-label={t(`${texts}.page`, { page: p.value })} variant={p.value === page ? 'outline' : 'ghost'}>
                {p.value}
              </IconButton>
            )}
          />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label={t(`${texts}.nextPage`)}>›</IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </HStack>
  );
}
