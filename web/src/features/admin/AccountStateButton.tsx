import { Button } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { accountLabel, DISABLE_ACCOUNT, ENABLE_ACCOUNT, type AdminAccount } from './accounts-api';
import { ConfirmDialog } from './ConfirmDialog';
import { useChangeNotices } from './change-notices';

/** Disable (every session ends at once) or enable an account, after the operator confirms. */
export function AccountStateButton({ account, onDone }: { account: AdminAccount; onDone: () => void }) {
  const { t } = useTranslation();
  const [disable, disabling] = useMutation(DISABLE_ACCOUNT);
  const [enable, enabling] = useMutation(ENABLE_ACCOUNT);
  const [asking, setAsking] = useState(false);
  const notices = useChangeNotices();
  const label = accountLabel(account);
  const toDisable = !account.disabled;

  const run = async () => {
    try {
      if (toDisable) {
        const { data } = await disable({ variables: { userId: account.userId } });
        const r = data?.disableAccount;
        notices.changed(r?.changed ?? false, t('admin.accounts.disabledDone', { sessions: r?.sessionsEnded }));
      } else {
        const { data } = await enable({ variables: { userId: account.userId } });
        notices.changed(data?.enableAccount.changed ?? false, t('admin.accounts.enabledDone'));
      }
      setAsking(false);
      onDone();
    } catch (err) {
      notices.refused(err);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="outline"
        colorPalette={toDisable ? 'red' : 'blue'}
        onClick={() => setAsking(true)}
        data-testid={toDisable ? 'account-disable' : 'account-enable'}
      >
        {toDisable ? t('admin.accounts.disable') : t('admin.accounts.enable')}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={toDisable ? t('admin.accounts.disableTitle') : t('admin.accounts.enableTitle')}
          question={toDisable ? t('admin.accounts.disableConfirm', { account: label }) : t('admin.accounts.enableConfirm', { account: label })}
          busy={disabling.loading || enabling.loading}
          onConfirm={() => void run()}
          onClose={() => setAsking(false)}
          testId="account-state-confirm"
        />
      ) : null}
    </>
  );
}
