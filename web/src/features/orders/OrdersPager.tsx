import { ButtonGroup, HStack, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../lib/config';
import { nativeSelectRecipe } from '../../lib/theme';

interface Props {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Total, page size (10, 20, 50) and pager. */
export function OrdersPager({ total, page, pageSize, onPage, onPageSize }: Props) {
  const { t } = useTranslation();
  return (
    <HStack gap={4} wrap="wrap" justify="flex-end" data-testid="pager">
      <Text fontSize="sm" data-testid="orders-total">
        {t('orders.total', { count: total })}
      </Text>
      <NativeSelect.Root recipe={nativeSelectRecipe} size="sm" w="auto">
        <NativeSelect.Field aria-label={t('orders.pageSize', { size: pageSize })} value={String(pageSize)} onChange={(e) => onPageSize(Number(e.target.value))} data-testid="page-size">
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {t('orders.pageSize', { size: s })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Pagination.Root count={total} pageSize={pageSize} page={page} onPageChange={(d) => onPage(d.page)}>
        <ButtonGroup variant="ghost" size="sm">
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label={t('orders.previousPage')}>‹</IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(p) => (
              <IconButton aria-label={t('orders.page', { page: p.value })} variant={p.value === page ? 'outline' : 'ghost'}>
                {p.value}
              </IconButton>
            )}
          />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label={t('orders.nextPage')}>›</IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </HStack>
  );
}
