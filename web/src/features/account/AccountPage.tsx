import { Box, Button, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { openAuth } from '../../lib/auth-dialog';
import { displayName } from '../../lib/names';
import { useSession, type SessionUser } from '../../lib/session';
import { Fact } from '../../components/ui/Fact';
import { BindEmailForm } from './BindEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';

function Details({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <Stack gap={1} data-testid="account-details">
      <Heading as="h2" size="md">
        {t('account.profile')}
      </Heading>
      <Fact label={t('account.name')} value={displayName(user.firstName, user.lastName)} testId="account-name" />
      <Fact label={t('account.email')} value={user.email || t('account.noEmail')} testId="account-email" />
      {user.phoneNo ? <Fact label={t('account.phone')} value={`${user.phoneArea} ${user.phoneNo}`} testId="account-phone" /> : null}
    </Stack>
  );
}

/** /account: the logged-in buyer's details, password change and email binding. */
export function AccountPage() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  useEffect(() => {
    if (!loading && !user) openAuth('login', '', '/account');
  }, [loading, user]);
  return (
    <Stack gap={6} data-testid="account-page">
      <Heading as="h1" size="lg">
        {t('account.title')}
      </Heading>
      {loading ? (
        <Spinner />
      ) : !user ? (
        <Stack align="start" data-testid="account-guest">
          <Text>{t('nav.loginFirst')}</Text>
          <Button colorPalette="blue" onClick={() => openAuth('login', '', '/account')}>
            {t('nav.login')}
          </Button>
        </Stack>
      ) : (
        <Box bg="white" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }}>
          <Stack gap={8}>
            <Details user={user} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={8}>
              <BindEmailForm current={user.email} />
              <ChangePasswordForm />
            </SimpleGrid>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
