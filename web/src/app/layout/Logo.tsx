import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function Logo() {
  const { t } = useTranslation();
  return (
    <RouterLink to="/index" aria-label={t('nav.logo')}>
      <HStack gap={2}>
        <Box w="32px" h="32px" borderRadius="md" bg="blue.600" color="white" display="grid" placeItems="center" fontWeight="bold" aria-hidden>
          Q
        </Box>
        <Text fontWeight="bold" fontSize="md" whiteSpace="nowrap">
          {t('nav.logo')}
        </Text>
      </HStack>
    </RouterLink>
  );
}
