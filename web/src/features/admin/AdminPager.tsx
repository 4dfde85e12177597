import { ButtonGroup, HStack, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { nativeSelectRecipe } from '../../lib/theme';

export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;

interface Props {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  testId: string;
}

/** Total, page size (10, 20, 50, 100: what the admin API accepts) and pager. */
export function AdminPager({ total, page, pageSize, onPage, onPageSize, testId }: Props) {
  const { t } = useTranslation();
  return (
    <HStack gap={4} wrap="wrap" justify="flex-end" data-testid={testId}>
      <Text fontSize="sm" data-testid={`${testId}-total`}>
        {t('admin.total', { count: total })}
      </Text>
      <NativeSelect.Root recipe={nativeSelectRecipe} size="sm" w="auto">
        <NativeSelect.Field aria-label={t('admin.pageSize', { size: pageSize })} value={String(pageSize)} onChange={(e) => onPageSize(Number(e.target.value))}>
          {ADMIN_PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {t('admin.pageSize', { size: s })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Pagination.Root count={total} pageSize={pageSize} page={page} onPageChange={(d) => onPage(d.page)}>
        <ButtonGroup variant="ghost" size="sm">
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label={t('admin.previousPage')}>‹</IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(p) => (
              <IconButton aria-label={t('admin.page', { page: p.value })} variant={p.value === page ? 'outline' : 'ghost'}>
                {p.value}
              </IconButton>
            )}
          />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label={t('admin.nextPage')}>›</IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </HStack>
  );
}
