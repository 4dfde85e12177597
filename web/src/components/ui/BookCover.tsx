import { Image, type ImageProps } from '@chakra-ui/react';
import { BASE } from '../../lib/config';
import { storedLocale } from '../../lib/i18n';

/** Cover by book id 1/2/3 in the UI language, else the default cover (spec: My Orders). */
export function coverUrl(bookId: string | number): string {
  const id = String(bookId);
  const lang = storedLocale() === 'zh' ? '-zh' : '';
  return ['1', '2', '3'].includes(id) ? `${BASE}covers/book-${id}${lang}.svg` : `${BASE}covers/default.svg`;
}

/** A cover file named by the catalogue (its cover in the requested language). */
export const coverFileUrl = (file: string) => `${BASE}covers/${encodeURIComponent(file)}`;

export function BookCover({ bookId, file, alt, ...rest }: { bookId: string | number; file?: string; alt: string } & Omit<ImageProps, 'src'>) {
  return <Image src={file ? coverFileUrl(file) : coverUrl(bookId)} alt={alt} objectFit="contain" loading="lazy" {...rest} />;
}
