import { useTranslation } from '../../lib/use-translation';
import { notify } from '../../components/ui/toaster';
import { loadClient } from '../../lib/data/client';
import { sessionChanged } from '../../lib/session';
import { LOGOUT } from './logout';

/**
 * Logs out through Apollo, loaded now if this page has not needed it yet: the header offering
 * Log Out is on the first screen, which has no Apollo of its own (lib/data/).
 */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  return async () => {
    const client = await loadClient();
    try {
      await client.mutate({ mutation: LOGOUT });
    } catch {
      // the session is gone either way for this page; the cookie expires with it
    }
    await sessionChanged(client);
    notify.info(t('nav.loggedOut'));
  };
}
