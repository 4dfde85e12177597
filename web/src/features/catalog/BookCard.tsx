import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { RouteLink } from '../../components/ui/RouteLink';
import { BookCover } from '../../components/ui/BookCover';
import type { CatalogBook, Format } from './api';
import { BuyNowButton } from './BuyNowButton';
import { FormatChoice } from './FormatChoice';
import { PriceLine } from './PriceLine';

interface Props {
  book: CatalogBook;
  onBuy: (book: CatalogBook, format: Format) => void;
  /** The first row: its covers are the page's largest paint, fetched at once rather than lazily. */
  aboveFold?: boolean;
}

export function BookCard({ book, onBuy, aboveFold = false }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Format>('EBOOK');
  // Once the e-book is bought, the format is forced to paper.
  const format: Format = book.ebookPurchased ? 'PAPER' : chosen;
  return (
    <Stack
      as="article"
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      p={4}
      gap={3}
      data-testid="book"
      data-book-id={book.id}
      aria-labelledby={`book-title-${book.id}`}
    >
      <Box bg="gray.100" borderRadius="md" p={3}>
        <BookCover
          bookId={book.id}
          file={book.cover}
          alt={book.title}
          h={{ base: '200px', md: '240px' }}
          w="full"
          {...(aboveFold ? { loading: 'eager', fetchPriority: 'high' } : {})}
        />
      </Box>
      <Heading as="h2" size="sm" id={`book-title-${book.id}`} minH={{ md: '4.5em' }}>
        <Link asChild>
          <RouteLink to={`/bookDetail/${book.id}`}>{book.title}</RouteLink>
        </Link>
      </Heading>
      <PriceLine book={book} />
      <FormatChoice value={format} onChange={setChosen} ebookDisabled={book.ebookPurchased} name={`format-${book.id}`} />
      {book.ebookPurchased && book.ebookPassword ? (
        <Text fontSize="sm" color="green.700">
          {t('books.purchased', { password: book.ebookPassword })}
        </Text>
      ) : null}
      <BuyNowButton mt="auto" onClick={() => onBuy(book, format)} />
    </Stack>
  );
}
