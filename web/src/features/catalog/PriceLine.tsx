import { Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import type { CatalogBook } from './api';

/** Unit price with its currency and 'plus applicable VAT' (spec section 2): bold and near black, not red, which reads as a warning or a sale. */
export function PriceLine({ book }: { book: Pick<CatalogBook, 'price' | 'currency'> }) {
  const { t } = useTranslation();
  return (
    <Text data-testid="price">
      {t('books.unitPrice')}
      {t('common.colon')}
      <Text as="span" fontWeight="bold" fontSize="lg" color="gray.900">
        {book.price} {book.currency}
      </Text>{' '}
      <Text as="span" color="fg.muted" fontSize="sm">
        {t('books.vat')}
      </Text>
    </Text>
  );
}
