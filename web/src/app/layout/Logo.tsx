import { HStack, Image, Text } from '@chakra-ui/react';
import { RouteLink } from '../../components/ui/RouteLink';
import { BRAND } from '../../lib/config';
import { storedLocale } from '../../lib/i18n';

/** The configured mark and name of the shop, linking to the book list. */
export function Logo() {
  const name = BRAND.name[storedLocale()];
  return (
    <RouteLink to="/index" aria-label={name}>
      <HStack gap={2}>
        <Image src={BRAND.markUrl} alt="" w="32px" h="32px" borderRadius="md" data-testid="brand-mark" />
        <Text fontWeight="bold" fontSize="md" whiteSpace="nowrap" data-testid="brand-name">
          {name}
        </Text>
      </HStack>
    </RouteLink>
  );
}
