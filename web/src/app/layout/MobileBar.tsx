import { Box, Flex, Spacer } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router-dom';
import { Dropdown, DropdownItem, DropdownLabel } from '../../components/ui/Dropdown';
import { MenuIcon } from '../../components/ui/icons';
import { useLogout } from '../../features/auth';
import { requestLogin } from '../../lib/login-gate';
import { HOME_URL, SERVICE_EMAIL, SERVICE_HOTLINE } from '../../lib/config';
import { storedLocale } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { mobileOnly } from '../../lib/theme';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';

/** The mobile equivalent of the header bar (below 633 px): one menu; Log Out needs no confirmation. */
export function MobileBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const logout = useLogout();
  return (
    <Box as="header" borderBottomWidth="1px" bg="white" css={mobileOnly} data-testid="mobile-bar" position="sticky" top={0} zIndex="sticky">
      <Flex px={3} h="52px" align="center" gap={1}>
        <Logo compact />
        <Spacer />
        <LanguageSwitch />
        <Dropdown label={<MenuIcon />} ariaLabel={t('nav.menu')} testId="mobile-menu">
          {(close) => {
            const go = (fn: () => void) => () => {
              close();
              fn();
            };
            return (
              <>
                <DropdownItem href={HOME_URL[storedLocale()]}>{t('nav.home')}</DropdownItem>
                <DropdownItem onClick={go(() => navigate('/index'))}>{t('nav.publication')}</DropdownItem>
                <DropdownItem onClick={go(() => navigate('/orders'))}>{t('nav.orders')}</DropdownItem>
                {user?.role === 'operator' ? <DropdownItem onClick={go(() => navigate('/admin'))}>{t('nav.console')}</DropdownItem> : null}
                {user ? (
                  <DropdownItem testId="mobile-account" onClick={go(() => navigate('/account'))}>
                    {t('nav.myAccount')}
                  </DropdownItem>
                ) : null}
                {user ? (
                  <DropdownItem testId="mobile-logout" onClick={go(() => void logout())}>
                    {t('nav.logout')}
                  </DropdownItem>
                ) : (
                  <DropdownItem testId="mobile-login" onClick={go(() => requestLogin('login'))}>
                    {t('nav.login')}
                  </DropdownItem>
                )}
                <DropdownLabel>{t('nav.service')}</DropdownLabel>
                <DropdownItem href={`mailto:${SERVICE_EMAIL}`}>{SERVICE_EMAIL}</DropdownItem>
                <DropdownItem href={`tel:${SERVICE_HOTLINE.replace(/\s/g, '')}`}>{SERVICE_HOTLINE}</DropdownItem>
              </>
            );
          }}
        </Dropdown>
      </Flex>
    </Box>
  );
}
