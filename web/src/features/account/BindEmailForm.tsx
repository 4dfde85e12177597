import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { notify } from '../../components/ui/toaster';
import { useCountdown } from '../../components/ui/useCountdown';
import { CODE_COOLDOWN_S, CODE_FAILURE_COOLDOWN_S } from '../../lib/config';
import { messageOf } from '../../lib/errors';
import { useForm } from '../../lib/form';
import { useAccountSubmit } from './use-account-submit';
import { sessionChanged } from '../../lib/session';
import { checkCode, checkEmail, stripAccount, type RuleKey } from '../../lib/validation';
import { CodeInput } from '../../components/ui/CodeInput';
import { BIND_EMAIL, REQUEST_EMAIL_BINDING_CODE } from './api';

type Field = 'email' | 'code';

/** Binds an email to a phone account, or changes the bound one: the code goes to the new address. */
export function BindEmailForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [requestCode] = useMutation(REQUEST_EMAIL_BINDING_CODE);
  const [bindEmail] = useMutation(BIND_EMAIL);
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const msg = (k: RuleKey | null) => k && t(`validation.${k}`);
  const form = useForm<Field>(
    { email: '', code: '' },
    { email: (v) => msg(checkEmail(v)), code: (v) => msg(checkCode(v)) },
    { clean: { email: stripAccount, code: stripAccount } },
  );

  // Same cool-downs as the registration code: 60 s after a sent code, 10 s after a refusal.
  const sendCode = async () => {
    if (sending || left > 0 || !form.validateField('email')) return;
    setSending(true);
    try {
      await requestCode({ variables: { email: form.values.email } });
      notify.success(t('auth.code.sent'));
      start(CODE_COOLDOWN_S);
    } catch (err) {
      notify.error(messageOf(err, t('common.errorOccurredLower')));
      start(CODE_FAILURE_COOLDOWN_S);
    } finally {
      setSending(false);
    }
  };

  const { busy, submit } = useAccountSubmit(form, async () => {
    const { data } = await bindEmail({ variables: form.values });
    notify.success(data && data.bindEmail.sessionsEnded > 0 ? `${t('account.emailBound')}. ${t('account.othersEnded')}` : t('account.emailBound'));
    form.reset();
    // The header, the e-book panels and the checkout read the email from the session.
    await sessionChanged(client);
  });

  return (
    <form onSubmit={submit} noValidate data-testid="bind-email-form">
      <Stack gap={3} maxW="420px">
        <Heading as="h2" size="md">
          {current ? t('account.changeTitle') : t('account.bindTitle')}
        </Heading>
        <Text fontSize="sm">{t('account.emailNote')}</Text>
        <FormField label={t('account.newEmail')} error={form.errors.email} required>
          <TextInput type="email" autoComplete="email" {...form.bind('email')} />
        </FormField>
        <FormField label={t('account.code')} error={form.errors.code} required>
          <CodeInput {...form.bind('code')} onSend={() => void sendCode()} left={left} sending={sending} sendLabel={t('account.sendCode')} />
        </FormField>
        <Button type="submit" colorPalette="blue" loading={busy} alignSelf="start">
          {t('account.emailSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
