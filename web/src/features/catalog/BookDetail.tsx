import { Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { coverFileUrl, coverUrl } from '../../components/ui/BookCover';
import { Gallery } from '../../components/ui/Gallery';
import { BASE } from '../../lib/config';
import { useShopQuery } from '../../lib/data/use-shop-query';
import { storedLocale } from '../../lib/i18n';
import { useCatalogFetchPolicy, type CatalogBook, type Format } from './api';
import { BOOK } from './book-api';
import { FormatChoice } from './FormatChoice';
import { PriceLine } from './PriceLine';
import { BookFacts } from './BookFacts';
import { BuyNowButton } from './BuyNowButton';

// Only a buyer who owns the e-book sees it: kept out of the first load of a guest.
const PurchasedPanel = lazy(() => import('./PurchasedPanel').then((m) => ({ default: m.PurchasedPanel })));

/** The cover and the sample pages shown in the gallery. */
function galleryImages(bookId: string, cover: string): string[] {
  const pages = ['1', '2', '3'].includes(bookId) ? [1, 2, 3, 4].map((n) => `${BASE}covers/book-${bookId}-p${n}.svg`) : [];
  return [cover ? coverFileUrl(cover) : coverUrl(bookId), ...pages];
}

interface Props {
  bookId: string;
  onBuy: (book: CatalogBook, format: Format) => void;
}

export function BookDetail({ bookId, onBuy }: Props) {
  const { t } = useTranslation();
  const fetchPolicy = useCatalogFetchPolicy();
  const { data, loading, error } = useShopQuery(BOOK, { id: bookId, language: storedLocale() }, fetchPolicy);
  const [chosen, setChosen] = useState<Format>('EBOOK');
  if (loading && !data) return <Spinner role="status" aria-label={t('common.loading')} />;
  if (error) return <Text color="red.600">{t('common.connectionError')}</Text>;
  const book = data?.book;
  if (!book) return <Text>{t('books.notFound')}</Text>;
  const format: Format = book.ebookPurchased ? 'PAPER' : chosen;
  return (
    <Grid
      templateColumns={{ base: '1fr', md: '1fr 1fr' }}
      gap={8}
      bg="white"
      p={{ base: 3, md: 6 }}
      borderRadius="lg"
      borderWidth="1px"
      data-testid="book-detail"
    >
      <Gallery
        images={galleryImages(book.id, book.cover)}
        alt={(n) => t('books.image', { n })}
        previousLabel={t('books.previous')}
        nextLabel={t('books.next')}
      />
      <Stack gap={4}>
        <Heading as="h1" size="lg">
          {book.title}
        </Heading>
        <PriceLine book={book} />
        {book.paidEbookOrder ? (
          <Suspense fallback={<Spinner size="sm" />}>
            <PurchasedPanel order={book.paidEbookOrder} password={book.ebookPassword} />
          </Suspense>
        ) : null}
        <BookFacts book={book} />
        <Heading as="h2" size="sm">
          {t('books.introduction')}
        </Heading>
        <Text>{book.introduction}</Text>
        {book.description ? (
          <Text color="fg.muted" data-testid="book-description">
            {book.description}
          </Text>
        ) : null}
        <FormatChoice value={format} onChange={setChosen} ebookDisabled={book.ebookPurchased} name={`format-detail-${book.id}`} />
        {book.ebookPurchased && book.ebookPassword && !book.paidEbookOrder ? (
          <Text fontSize="sm" color="green.700">
            {t('books.purchased', { password: book.ebookPassword })}
          </Text>
        ) : null}
        <BuyNowButton alignSelf="start" onClick={() => onBuy(book, format)} />
      </Stack>
    </Grid>
  );
}
