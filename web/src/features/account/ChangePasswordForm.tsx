import { Button, Heading, Stack } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { notify } from '../../components/ui/toaster';
import { useForm } from '../../lib/form';
import { useAccountSubmit } from './use-account-submit';
import { NewPasswordFields } from './NewPasswordFields';
import { checkConfirm, checkLoginPassword, checkNewPassword, type RuleKey } from '../../lib/validation';
import { CHANGE_PASSWORD } from './api';

type Field = 'oldPassword' | 'password' | 'confirmPassword';

/** Old + new + repeat; the server checks the old one ('Old password error!') and ends the other sessions. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [changePassword] = useMutation(CHANGE_PASSWORD);
  const msg = (k: RuleKey | null) => k && t(`validation.${k}`);
  const form = useForm<Field>(
    { oldPassword: '', password: '', confirmPassword: '' },
    {
      oldPassword: (v) => msg(checkLoginPassword(v)),
      password: (v) => msg(checkNewPassword(v)),
      confirmPassword: (v, all) => msg(checkConfirm(all.password, v)),
    },
    { dependents: { password: ['confirmPassword'] } },
  );

  const { busy, submit } = useAccountSubmit(form, async () => {
    const { data } = await changePassword({ variables: form.values });
    notify.success(
      data && data.changePassword.sessionsEnded > 0 ? `${t('account.passwordChanged')}. ${t('account.othersEnded')}` : t('account.passwordChanged'),
    );
    form.reset();
  });

  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      <Stack gap={3} maxW="420px">
        <Heading as="h2" size="md">
          {t('account.passwordTitle')}
        </Heading>
        <FormField label={t('account.oldPassword')} error={form.errors.oldPassword} required>
          <TextInput type="password" autoComplete="current-password" {...form.bind('oldPassword')} />
        </FormField>
        <NewPasswordFields form={form} />
        <Button type="submit" colorPalette="blue" loading={busy} alignSelf="start">
          {t('account.passwordSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
