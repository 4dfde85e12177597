export { BookList } from './BookList';
export { BookDetail } from './BookDetail';
export type { CatalogBook, Format } from './api';
