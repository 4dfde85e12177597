import { Button, HStack, Stack } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { TextInput } from '../../components/ui/TextInput';
import { FormField } from '../../components/ui/FormField';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { TextButton } from '../../components/ui/TextButton';
import { notify } from '../../components/ui/toaster';
import { closeAuth, openAuth } from '../../lib/auth-dialog';
import { DIALOG_WIDTH } from '../../lib/config';
import { apiError } from '../../lib/errors';
import { useForm } from '../../lib/form';
import {
  accountKind,
  apiAccount,
  checkAccount,
  checkCode,
  checkConfirm,
  checkNewPassword,
  checkPhone,
  phoneAccount,
  stripAccount,
  type RuleKey,
} from '../../lib/validation';
import { AccountCodeFields, useAccountChoice } from './AccountCodeFields';
import { CONFIRM_CODE, RESET_PASSWORD } from './api';

type Field = 'account' | 'phoneNo' | 'code' | 'password' | 'confirmPassword';

/** Send code (by mail, or by SMS to a phone account), verify it, set the new password, return to login (spec sections 4, 7). */
export function ForgotPasswordDialog({ open, email }: { open: boolean; email: string }) {
  const { t } = useTranslation();
  const [confirmCode] = useMutation(CONFIRM_CODE);
  const [resetPassword] = useMutation(RESET_PASSWORD);
  const [busy, setBusy] = useState(false);
  const choice = useAccountChoice();
  const { method, area } = choice;
  const msg = (k: RuleKey | null) => k && t(`validation.${k}`);
  const form = useForm<Field>(
    { account: email, phoneNo: '', code: '', password: '', confirmPassword: '' },
    {
      account: (v) => (method === 'email' ? msg(checkAccount(v)) : null),
      phoneNo: (v) => (method === 'phone' ? msg(checkPhone(area, v)) : null),
      code: (v) => msg(checkCode(v)),
      password: (v) => msg(checkNewPassword(v)),
      confirmPassword: (v, all) => msg(checkConfirm(all.password, v)),
    },
    { clean: { account: stripAccount, phoneNo: stripAccount, code: stripAccount }, dependents: { password: ['confirmPassword'] } },
  );

  const target = () => (method === 'email' ? apiAccount(form.values.account) : phoneAccount(area, form.values.phoneNo));

  const sendTarget = () => (form.validateField(method === 'email' ? 'account' : 'phoneNo') ? target() : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    const v = form.values;
    const account = target();
    try {
      try {
        await confirmCode({ variables: { account, purpose: 'RESET', code: v.code } });
      } catch (err) {
        const { code, field } = apiError(err);
        notify.error(
          code === 'NOT_FOUND' && field === 'account'
            ? t('auth.forgot.userNotExist')
            : code === 'NETWORK'
              ? t('common.errorOccurredLower')
              : t('auth.forgot.codeError'),
        );
        return;
      }
      await resetPassword({ variables: { account, password: v.password, confirmPassword: v.confirmPassword } });
      notify.success(t('auth.forgot.success'));
      openAuth('login', method === 'email' && accountKind(v.account) === 'email' ? v.account : '');
    } catch (err) {
      const { code, message } = apiError(err);
      notify.error(code !== 'NETWORK' && message ? message : t('common.errorOccurredLower'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ShopDialog
      open={open}
      onClose={closeAuth}
      title={t('auth.forgot.title')}
      width={DIALOG_WIDTH.login}
      testId="forgot-dialog"
      initialFocus="input[name=account]"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap={3}>
          <AccountCodeFields purpose="RESET" form={form} choice={choice} target={sendTarget}>
            <FormField label={t('auth.forgot.account')} error={form.errors.account} required>
              <TextInput autoComplete="username" placeholder={t('auth.forgot.accountPlaceholder')} {...form.bind('account')} />
            </FormField>
          </AccountCodeFields>
          <FormField label={t('auth.forgot.password')} error={form.errors.password} required>
            <TextInput type="password" autoComplete="new-password" {...form.bind('password')} />
          </FormField>
          <FormField label={t('auth.forgot.confirmPassword')} error={form.errors.confirmPassword} required>
            <TextInput type="password" autoComplete="new-password" {...form.bind('confirmPassword')} />
          </FormField>
          <Button type="submit" colorPalette="blue" loading={busy} w="full">
            {t('auth.forgot.submit')}
          </Button>
          <HStack justify="center">
            <TextButton onClick={() => openAuth('login', accountKind(form.values.account) === 'email' ? form.values.account : '')}>
              {t('auth.forgot.backToLogin')}
            </TextButton>
          </HStack>
        </Stack>
      </form>
    </ShopDialog>
  );
}
