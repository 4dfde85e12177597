import { Button, Stack, Text } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { notify } from '../../components/ui/toaster';
import { DIALOG_WIDTH } from '../../lib/config';
import { useForm } from '../../lib/form';
import { useAccountSubmit } from './use-account-submit';
import { NewPasswordFields } from './NewPasswordFields';
import { sessionChanged } from '../../lib/session';
import { checkConfirm, checkNewPassword, type RuleKey } from '../../lib/validation';
import { SET_FIRST_PASSWORD } from './api';

type Field = 'password' | 'confirmPassword';

/**
 * The session says the password must be set first (loginFirst): nothing else goes on until it is.
 * Closing the dialog leaves instead (the shell logs out: features do not import each other).
 */
export default function FirstPasswordDialog({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [setFirstPassword] = useMutation(SET_FIRST_PASSWORD);
  const msg = (k: RuleKey | null) => k && t(`validation.${k}`);
  const form = useForm<Field>(
    { password: '', confirmPassword: '' },
    { password: (v) => msg(checkNewPassword(v)), confirmPassword: (v, all) => msg(checkConfirm(all.password, v)) },
    { dependents: { password: ['confirmPassword'] } },
  );

  const { busy, submit } = useAccountSubmit(form, async () => {
    await setFirstPassword({ variables: form.values });
    notify.success(t('account.firstDone'));
    await sessionChanged(client);
  });

  return (
    <ShopDialog open onClose={onLeave} title={t('account.firstTitle')} width={DIALOG_WIDTH.login} testId="first-password-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap={3}>
          <Text>{t('account.firstBody')}</Text>
          <NewPasswordFields form={form} />
          <Button type="submit" colorPalette="blue" loading={busy} w="full">
            {t('account.firstSubmit')}
          </Button>
        </Stack>
      </form>
    </ShopDialog>
  );
}
