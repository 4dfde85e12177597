import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { RouteLink } from '../../components/ui/RouteLink';
import { BRAND, SERVICE_EMAIL, SERVICE_EMAIL_2, SERVICE_HOTLINE } from '../../lib/config';
import { storedLocale } from '../../lib/i18n';

const LEGAL = ['imprint', 'terms', 'withdrawal', 'privacy'] as const;

/**
 * Customer service (the two info mailboxes and the hotline) and the legal pages, on every page.
 * Same width and side padding as the page content, so both start at one edge.
 */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box as="footer" borderTopWidth="1px" mt={12} py={6} fontSize="sm" color="fg.muted" bg="white" data-testid="footer">
      <Stack maxW="6xl" mx="auto" px={{ base: 3, md: 6 }} gap={3}>
        <Flex gap={{ base: 1, md: 6 }} wrap="wrap" direction={{ base: 'column', md: 'row' }} data-testid="footer-service">
          <Text fontWeight="semibold" color="fg">
            {t('nav.service')}
          </Text>
          <Link href={`mailto:${SERVICE_EMAIL}`}>{t('nav.serviceEmail', { email: SERVICE_EMAIL })}</Link>
          <Link href={`mailto:${SERVICE_EMAIL_2}`}>{t('nav.serviceEmail', { email: SERVICE_EMAIL_2 })}</Link>
          <Link href={`tel:${SERVICE_HOTLINE.replace(/\s/g, '')}`}>{t('nav.hotline', { phone: SERVICE_HOTLINE })}</Link>
        </Flex>
        <Flex as="nav" aria-label={t('legal.nav')} gap={{ base: 1, md: 6 }} wrap="wrap" direction={{ base: 'column', md: 'row' }} data-testid="footer-legal">
          <Text>© {BRAND.name[storedLocale()]}</Text>
          {LEGAL.map((p) => (
            <Link key={p} asChild>
              <RouteLink to={`/legal/${p}`}>{t(`legal.${p}`)}</RouteLink>
            </Link>
          ))}
        </Flex>
      </Stack>
    </Box>
  );
}
