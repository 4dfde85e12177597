import { Button, Checkbox, Field, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApolloClient, useMutation } from '@apollo/client/react';
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
import { storedLocale } from '../../lib/i18n';
import { sessionChanged } from '../../lib/session';
import { checkboxRecipe, fieldRecipe } from '../../lib/theme';
import {
  checkCode,
  checkCompany,
  checkConfirm,
  checkEmail,
  checkName,
  checkNewPassword,
  checkPhone,
  phoneAccount,
  stripAccount,
  type RuleKey,
} from '../../lib/validation';
import { AccountCodeFields, useAccountChoice } from './AccountCodeFields';
import { AgreementDialog } from './AgreementDialog';
import { CONFIRM_CODE, REGISTER } from './api';

type Field = 'email' | 'phoneNo' | 'code' | 'firstName' | 'lastName' | 'company' | 'password' | 'confirmPassword';

export function RegisterDialog({ open, email, onLoggedIn }: { open: boolean; email: string; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [confirmCode] = useMutation(CONFIRM_CODE);
  const [register] = useMutation(REGISTER);
  const [agreed, setAgreed] = useState(false);
  const [agreementError, setAgreementError] = useState<string | null>(null);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Register by email (spec section 4) or by mobile phone with an SMS code (spec section 7).
  const choice = useAccountChoice();
  const { method, area } = choice;
  const msg = (k: RuleKey | null) => k && t(`validation.${k}`);
  const form = useForm<Field>(
    { email, phoneNo: '', code: '', firstName: '', lastName: '', company: '', password: '', confirmPassword: '' },
    {
      email: (v) => (method === 'email' ? msg(checkEmail(v)) : null),
      phoneNo: (v) => (method === 'phone' ? msg(checkPhone(area, v)) : null),
      code: (v) => msg(checkCode(v)),
      firstName: (v) => msg(checkName(v, 'first')),
      lastName: (v) => msg(checkName(v, 'last')),
      company: (v) => msg(checkCompany(v)),
      password: (v) => msg(checkNewPassword(v)),
      confirmPassword: (v, all) => msg(checkConfirm(all.password, v)),
    },
    { clean: { email: stripAccount, phoneNo: stripAccount, code: stripAccount }, dependents: { password: ['confirmPassword'] } },
  );

  const account = () => (method === 'email' ? form.values.email : phoneAccount(area, form.values.phoneNo));

  const sendTarget = () => (form.validateField(method === 'email' ? 'email' : 'phoneNo') ? account() : null);

  const accept = () => {
    setAgreed(true);
    setAgreementError(null);
    setAgreementOpen(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const valid = form.validate();
    setAgreementError(agreed ? null : t('validation.agreementRequired'));
    if (busy || !valid || !agreed) return;
    setBusy(true);
    const v = form.values;
    try {
      try {
        await confirmCode({ variables: { account: account(), purpose: 'REGISTER', code: v.code } });
      } catch (err) {
        const { code, message } = apiError(err);
        notify.error(code === 'CODE_INVALID' ? t('auth.code.wrong') : (message ?? t('common.errorOccurred')));
        return;
      }
      const who = method === 'email' ? { email: v.email } : { phoneArea: area, phoneNo: v.phoneNo };
      const input = {
        ...who,
        code: v.code,
        password: v.password,
        confirmPassword: v.confirmPassword,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        company: v.company.trim(),
        agreement: true,
        language: storedLocale(),
      };
      await register({ variables: { input } });
      notify.success(t('auth.register.success'));
      closeAuth();
      onLoggedIn();
      await sessionChanged(client);
    } catch (err) {
      const { code, message } = apiError(err);
      notify.error(
        code === 'ACCOUNT_EXISTS'
          ? t(method === 'email' ? 'auth.code.exists' : 'auth.code.phoneExists')
          : code === 'BAD_USER_INPUT' && message
            ? message
            : t('auth.register.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <ShopDialog
      open={open}
      onClose={closeAuth}
      title={t('auth.register.title')}
      width={DIALOG_WIDTH.register}
      testId="register-dialog"
      initialFocus="input[name=email]"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap={3}>
          <AccountCodeFields purpose="REGISTER" form={form} choice={choice} target={sendTarget}>
            <FormField label={t('auth.register.email')} error={form.errors.email} required>
              <TextInput type="email" autoComplete="email" {...form.bind('email')} />
            </FormField>
          </AccountCodeFields>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
            {/* Chinese forms ask the family name (姓) first, the order the name is written in. */}
            {(storedLocale() === 'zh' ? (['lastName', 'firstName'] as const) : (['firstName', 'lastName'] as const)).map((f) => (
              <FormField key={f} label={t(`auth.register.${f}`)} error={form.errors[f]} required>
                <TextInput autoComplete={f === 'firstName' ? 'given-name' : 'family-name'} {...form.bind(f)} />
              </FormField>
            ))}
          </SimpleGrid>
          <FormField label={t('auth.register.company')} error={form.errors.company} required>
            <TextInput autoComplete="organization" {...form.bind('company')} />
          </FormField>
          <FormField label={t('auth.register.password')} error={form.errors.password} helper={t('auth.register.passwordHint')} required>
            <TextInput type="password" autoComplete="new-password" {...form.bind('password')} />
          </FormField>
          <FormField label={t('auth.register.confirmPassword')} error={form.errors.confirmPassword} required>
            <TextInput type="password" autoComplete="new-password" {...form.bind('confirmPassword')} />
          </FormField>
          <Field.Root recipe={fieldRecipe} invalid={!!agreementError}>
            <Checkbox.Root
              recipe={checkboxRecipe}
              checked={agreed}
              // Ticking opens the agreement; accepting it ticks the box.
              onCheckedChange={(d) => (d.checked ? setAgreementOpen(true) : setAgreed(false))}
              data-testid="agreement-checkbox"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {t('auth.register.agreePrefix')}{' '}
                <Text as="span" color="blue.600">
                  {t('auth.register.agreement')}
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
            <Field.ErrorText data-testid="field-error">{agreementError}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={busy} w="full">
            {t('auth.register.submit')}
          </Button>
          <HStack justify="center" fontSize="sm">
            <Text>{t('auth.register.haveAccount')}</Text>
            <TextButton onClick={() => openAuth('login', form.values.email)}>{t('auth.register.toLogin')}</TextButton>
          </HStack>
        </Stack>
      </form>
      <AgreementDialog open={agreementOpen} onAccept={accept} onClose={() => setAgreementOpen(false)} />
    </ShopDialog>
  );
}
