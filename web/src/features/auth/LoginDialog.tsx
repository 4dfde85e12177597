import { Button, HStack, Stack } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { TextInput } from '../../components/ui/TextInput';
import { FormField } from '../../components/ui/FormField';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { TextButton } from '../../components/ui/TextButton';
import { notify } from '../../components/ui/toaster';
import { closeAuth, openAuth } from '../../lib/auth-dialog';
import { CAPTCHA_LENGTH, DIALOG_WIDTH } from '../../lib/config';
import { apiError } from '../../lib/errors';
import { useForm } from '../../lib/form';
import { sessionChanged } from '../../lib/session';
import { checkCaptcha, checkEmail, checkLoginPassword, stripAccount } from '../../lib/validation';
import { EMAIL_REGISTERED, LOGIN } from './api';
import { CaptchaImage } from './CaptchaImage';
import { useCaptcha } from './useCaptcha';

type Field = 'email' | 'password' | 'captcha';

export function LoginDialog({ open, email, onLoggedIn }: { open: boolean; email: string; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const captcha = useCaptcha();
  const [login] = useMutation(LOGIN);
  const [busy, setBusy] = useState(false);
  const form = useForm<Field>(
    { email, password: '', captcha: '' },
    {
      email: (v) => {
        const k = checkEmail(v);
        return k && t(`validation.${k}`);
      },
      password: (v) => {
        const k = checkLoginPassword(v);
        return k && t(`validation.${k}`);
      },
      captcha: (v) => {
        const k = checkCaptcha(v);
        return k && t(`validation.${k}`);
      },
    },
    { clean: { email: stripAccount } },
  );

  const failed = (message: string) => {
    notify.error(message);
    form.setValue('captcha', '');
    captcha.refresh();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    const { email: account, password, captcha: answer } = form.values;
    try {
      // An unregistered email goes to the registration (spec: chkUserByEmail).
      const known = await client.query({ query: EMAIL_REGISTERED, variables: { email: account }, fetchPolicy: 'no-cache' });
      if (known.data && !known.data.emailRegistered) {
        notify.error(t('auth.login.notRegistered'));
        openAuth('register', account);
        return;
      }
      await login({ variables: { account, password, captcha: answer.trim() } });
      notify.success(t('auth.login.success'));
      closeAuth();
      onLoggedIn();
      await sessionChanged(client);
    } catch (err) {
      const { code, message } = apiError(err);
      failed(code === 'NETWORK' || code === 'INTERNAL' || !message ? t('auth.login.failed') : message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ShopDialog open={open} onClose={closeAuth} title={t('auth.login.title')} width={DIALOG_WIDTH.login} testId="login-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap={4}>
          <FormField label={t('auth.login.email')} error={form.errors.email} required>
            <TextInput type="email" autoComplete="username" placeholder={t('auth.login.emailPlaceholder')} {...form.bind('email')} />
          </FormField>
          <FormField label={t('auth.login.password')} error={form.errors.password} required>
            <TextInput type="password" autoComplete="current-password" placeholder={t('auth.login.passwordPlaceholder')} {...form.bind('password')} />
          </FormField>
          <FormField label={t('auth.login.captcha')} error={form.errors.captcha} required>
            <HStack w="full" align="center">
              <TextInput maxLength={CAPTCHA_LENGTH} autoComplete="off" placeholder={t('auth.login.captchaPlaceholder')} {...form.bind('captcha')} />
              <CaptchaImage image={captcha.image} locked={captcha.locked} onRefresh={captcha.refresh} />
            </HStack>
          </FormField>
          <Button type="submit" colorPalette="blue" loading={busy} w="full">
            {t('auth.login.submit')}
          </Button>
          <HStack justify="space-between">
            <TextButton onClick={() => openAuth('register', form.values.email)}>{t('auth.login.register')}</TextButton>
            <TextButton onClick={() => openAuth('forgot', form.values.email)}>{t('auth.login.forgot')}</TextButton>
          </HStack>
        </Stack>
      </form>
    </ShopDialog>
  );
}
