import { Image, type ImageProps } from '@chakra-ui/react';
import { BASE } from '../../lib/config';

/** Cover by book id 1/2/3, else the default cover (spec: My Orders). */
export function coverUrl(bookId: string | number): string {
  const id = String(bookId);
  return ['1', '2', '3'].includes(id) ? `${BASE}covers/book-${id}.svg` : `${BASE}covers/default.svg`;
}

export function BookCover({ bookId, alt, ...rest }: { bookId: string | number; alt: string } & Omit<ImageProps, 'src'>) {
  return <Image src={coverUrl(bookId)} alt={alt} objectFit="contain" loading="lazy" {...rest} />;
}
