import { Box, HStack, Image, Text } from '@chakra-ui/react';
import { RouteLink } from '../../components/ui/RouteLink';
import { BRAND } from '../../lib/config';
import { storedLocale } from '../../lib/i18n';

/**
 * The configured mark and name of the shop, linking to the book list. `compact` (the phone's bar):
 * the name is smaller and wraps to a second line rather than run under the controls beside it,
 * which a long name did at 360 and 375 px.
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  const name = BRAND.name[storedLocale()];
  return (
    <Box asChild minW={0} flexShrink={1}>
      <RouteLink to="/index" aria-label={name}>
        <HStack gap={2} minW={0}>
          <Image src={BRAND.markUrl} alt="" w="32px" h="32px" flexShrink={0} borderRadius="md" data-testid="brand-mark" />
          <Text
            fontWeight="bold"
            fontSize={compact ? 'sm' : 'md'}
            lineHeight={compact ? 'shorter' : undefined}
            whiteSpace={compact ? 'normal' : 'nowrap'}
            minW={0}
            data-testid="brand-name"
          >
            {name}
          </Text>
        </HStack>
      </RouteLink>
    </Box>
  );
}
