import { DataList } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { dataListRecipe } from '../../lib/theme';
import type { BookDetails } from './book-api';

/** Edition, pages, ISBN and publication date, those the catalogue has. */
export function BookFacts({ book }: { book: BookDetails }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [];
  if (book.edition) facts.push([t('books.edition'), book.edition]);
  if (book.pages) facts.push([t('books.pages'), t('books.pageCount', { count: book.pages })]);
  if (book.isbn) facts.push([t('books.isbn'), book.isbn]);
  if (book.publishedOn) facts.push([t('books.published'), book.publishedOn]);
  if (!facts.length) return null;
  return (
    <DataList.Root recipe={dataListRecipe} orientation="horizontal" size="sm" data-testid="book-facts">
      {facts.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
