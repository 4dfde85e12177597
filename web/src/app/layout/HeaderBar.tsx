import { Box, Flex, HStack, Link, Spacer, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { NavRouteLink } from '../../components/ui/RouteLink';
import { requestLogin } from '../../lib/login-gate';
import { HOME_URL } from '../../lib/config';
import { HydratedButton } from '../../lib/hydrated';
import { storedLocale } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { desktopOnly } from '../../lib/theme';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { ServiceMenu } from './ServiceMenu';
import { UserMenu } from './UserMenu';

function NavItem({ to, children }: { to: string; children: string }) {
  return (
    <Link asChild px={3} py={2} borderRadius="md" fontWeight="medium" _hover={{ bg: 'gray.100' }} css={{ '&[aria-current=page]': { color: 'blue.600' } }}>
      <NavRouteLink to={to}>{children}</NavRouteLink>
    </Link>
  );
}

/** The desktop header (hidden below 633 px). */
export function HeaderBar() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  return (
    <Box as="header" borderBottomWidth="1px" bg="white" css={desktopOnly} data-testid="header-bar">
      <Flex maxW="6xl" mx="auto" px={6} h="64px" align="center" gap={2}>
        <Logo />
        <Box as="nav" aria-label={t('nav.menu')} ml={4}>
          <HStack gap={1}>
            <Link href={HOME_URL[storedLocale()]} px={3} py={2} fontWeight="medium">
              {t('nav.home')}
            </Link>
            <NavItem to="/index">{t('nav.publication')}</NavItem>
            <NavItem to="/orders">{t('nav.orders')}</NavItem>
            {user?.role === 'operator' ? <NavItem to="/admin">{t('nav.console')}</NavItem> : null}
          </HStack>
        </Box>
        <Spacer />
        <ServiceMenu />
        {loading ? (
          <Text w="120px" aria-hidden />
        ) : user ? (
          <UserMenu user={user} />
        ) : (
          <HydratedButton size="sm" colorPalette="brand" onClick={() => requestLogin('login')} data-testid="login-button">
            {t('nav.login')}
          </HydratedButton>
        )}
        <LanguageSwitch />
      </Flex>
    </Box>
  );
}
