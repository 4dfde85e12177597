import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { storedLocale } from '../../lib/i18n';

const BOOKS = gql`
  query Books($language: Language) {
    books(language: $language) {
      id
      title
      price
      currency
      vatText
    }
  }
`;

interface BooksData {
  books: { id: string; title: string; price: string; currency: string; vatText: string }[];
}

export function BookList() {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery<BooksData>(BOOKS, { variables: { language: storedLocale() } });
  if (loading) return <Text>{t('books.loading')}</Text>;
  if (error || !data) return <Text color="red.600">{t('books.loadFailed')}</Text>;
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap={6} data-testid="book-list">
      {data.books.map((b) => (
        <Box key={b.id} borderWidth="1px" borderRadius="md" p={4} data-testid="book">
          <Heading size="sm">{b.title}</Heading>
          <Text mt={2}>
            {b.price} {b.currency} {b.vatText}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
