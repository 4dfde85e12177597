import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SERVICE_EMAIL, SERVICE_EMAIL_2, SERVICE_HOTLINE } from '../../lib/config';

/** Customer service: the two info mailboxes and the hotline, on every page. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box as="footer" borderTopWidth="1px" mt={12} py={6} px={4} fontSize="sm" color="fg.muted" data-testid="footer">
      <Flex maxW="6xl" mx="auto" gap={{ base: 1, md: 6 }} wrap="wrap" direction={{ base: 'column', md: 'row' }}>
        <Text fontWeight="semibold">{t('nav.service')}</Text>
        <Link href={`mailto:${SERVICE_EMAIL}`}>{t('nav.serviceEmail', { email: SERVICE_EMAIL })}</Link>
        <Link href={`mailto:${SERVICE_EMAIL_2}`}>{t('nav.serviceEmail', { email: SERVICE_EMAIL_2 })}</Link>
        <Link href={`tel:${SERVICE_HOTLINE.replace(/\s/g, '')}`}>{t('nav.hotline', { phone: SERVICE_HOTLINE })}</Link>
      </Flex>
    </Box>
  );
}
