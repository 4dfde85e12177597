import { Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { useShopQuery } from '../../lib/data/use-shop-query';
import { storedLocale } from '../../lib/i18n';
import { BOOKS, useCatalogFetchPolicy, type CatalogBook, type Format } from './api';
import { BookCard } from './BookCard';

// Three books a row on a desktop (one on a phone, where only the first is in view).
const FIRST_ROW = 3;

export function BookList({ onBuy }: { onBuy: (book: CatalogBook, format: Format) => void }) {
  const { t } = useTranslation();
  const fetchPolicy = useCatalogFetchPolicy();
  const { data, loading, error } = useShopQuery(BOOKS, { language: storedLocale() }, fetchPolicy);
  return (
    <Stack gap={6}>
      <Heading as="h1" size="lg">
        {t('books.title')}
      </Heading>
      {loading && !data ? (
        <Spinner role="status" aria-label={t('books.loading')} />
      ) : error || !data ? (
        <Text color="red.600" role="alert">
          {t('books.loadFailed')}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={6} data-testid="book-list">
          {data.books.map((b, i) => (
            <BookCard key={b.id} book={b} onBuy={onBuy} aboveFold={i < FIRST_ROW} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
