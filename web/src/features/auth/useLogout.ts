import { useApolloClient, useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/ui/toaster';
import { sessionChanged } from '../../lib/session';
import { LOGOUT } from './logout';

export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [logout] = useMutation(LOGOUT);
  return async () => {
    try {
      await logout();
    } catch {
      // the session is gone either way for this page; the cookie expires with it
    }
    await sessionChanged(client);
    notify.info(t('nav.loggedOut'));
  };
}
