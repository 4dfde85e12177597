import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { notify } from '../../components/ui/toaster';
import { useCountdown } from '../../components/ui/useCountdown';
import { CODE_COOLDOWN_S, CODE_FAILURE_COOLDOWN_S } from '../../lib/config';
import { apiError } from '../../lib/errors';
import { REQUEST_CODE, type CodePurpose } from './api';

/**
 * The "send code" button of registration and reset: 60 s cool-down after success, 10 s after a
 * failure, with the messages of the error catalogue (spec section 8).
 */
export function useCodeSender(purpose: CodePurpose) {
  const { t } = useTranslation();
  const [requestCode] = useMutation(REQUEST_CODE);
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);

  /** account: an email, or a phone account '+86 13800138000' (phone: true). */
  const send = async (account: string, phone = false) => {
    if (sending || left > 0) return;
    setSending(true);
    try {
      await requestCode({ variables: { account, purpose } });
      notify.success(t('auth.code.sent'));
      start(CODE_COOLDOWN_S);
    } catch (err) {
      const { code, message } = apiError(err);
      if (purpose === 'REGISTER') {
        const exists = phone ? t('auth.code.phoneExists') : t('auth.code.exists');
        // A number the provider cannot text is refused by the server in the product's wording.
        notify.error(
          code === 'ACCOUNT_EXISTS' ? exists : (code === 'RATE_LIMITED' || code === 'BAD_USER_INPUT') && message ? message : t('common.errorOccurred'),
        );
      } else {
        notify.error(
          code === 'NOT_FOUND'
            ? t('auth.forgot.registerFirst')
            : (code === 'RATE_LIMITED' || code === 'BAD_USER_INPUT') && message
              ? message
              : t('common.errorOccurredLower'),
        );
      }
      start(CODE_FAILURE_COOLDOWN_S);
    } finally {
      setSending(false);
    }
  };

  return { send, left, sending };
}
