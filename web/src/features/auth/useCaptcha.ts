import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { notify } from '../../components/ui/toaster';
import { CAPTCHA_LOCK_MS } from '../../lib/config';
import { CAPTCHA } from './api';

/** The login captcha: fetched on open, refreshed by a click at most once a second. */
export function useCaptcha() {
  const client = useApolloClient();
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const lockTimer = useRef<number | undefined>(undefined);

  const load = useCallback(async () => {
    try {
      // The answer cookie is set with this response; never serve a captcha from the cache.
      const { data } = await client.query({ query: CAPTCHA, fetchPolicy: 'no-cache' });
      setImage(data?.captcha.image ?? null);
    } catch {
      notify.error(t('common.connectionError'));
    }
  }, [client, t]);

  const refresh = useCallback(() => {
    if (locked) return;
    setLocked(true);
    lockTimer.current = window.setTimeout(() => setLocked(false), CAPTCHA_LOCK_MS);
    void load();
  }, [locked, load]);

  useEffect(() => {
    void load();
    return () => window.clearTimeout(lockTimer.current);
  }, [load]);

  return { image, refresh, locked };
}
