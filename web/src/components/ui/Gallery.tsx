import { Box, Button, HStack, IconButton, Image } from '@chakra-ui/react';
import { useState } from 'react';
import { GALLERY_WINDOW } from '../../lib/config';

interface Props {
  images: string[];
  alt: (n: number) => string;
  previousLabel: string;
  nextLabel: string;
}

/** A large image with a sliding window of 4 thumbnails (the book detail gallery). */
export function Gallery({ images, alt, previousLabel, nextLabel }: Props) {
  const [selected, setSelected] = useState(0);
  const [start, setStart] = useState(0);
  const last = Math.max(0, images.length - GALLERY_WINDOW);
  const shown = images.slice(start, start + GALLERY_WINDOW);
  return (
    <Box>
      <Image
        src={images[selected]}
        alt={alt(selected + 1)}
        // The book page's largest paint.
        fetchPriority="high"
        w="full"
        h={{ base: '320px', md: '420px' }}
        objectFit="contain"
        borderWidth="1px"
        borderRadius="md"
      />
      <HStack mt={3} gap={2} data-testid="gallery-window">
        <IconButton aria-label={previousLabel} size="sm" variant="ghost" disabled={start === 0} onClick={() => setStart(Math.max(0, start - 1))}>
          ‹
        </IconButton>
        {shown.map((src, i) => {
          const index = start + i;
          return (
            <Button
              key={src}
              variant="outline"
              p={0}
              h="72px"
              w="56px"
              borderColor={index === selected ? 'blue.500' : 'border'}
              aria-pressed={index === selected}
              aria-label={alt(index + 1)}
              onClick={() => setSelected(index)}
            >
              <Image src={src} alt="" h="full" w="full" objectFit="cover" />
            </Button>
          );
        })}
        <IconButton aria-label={nextLabel} size="sm" variant="ghost" disabled={start >= last} onClick={() => setStart(Math.min(last, start + 1))}>
          ›
        </IconButton>
      </HStack>
    </Box>
  );
}
