import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import type { useForm } from '../../lib/form';

type Field = 'password' | 'confirmPassword';
type NewPasswordForm = { errors: Partial<Record<Field, string | null>>; bind: (name: Field) => ReturnType<ReturnType<typeof useForm<string>>['bind']> };

/** The new password and its repetition, as the password change and the first-login dialog ask them. */
export function NewPasswordFields({ form }: { form: NewPasswordForm }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={t('account.newPassword')} error={form.errors.password} helper={t('auth.register.passwordHint')} required>
        <TextInput type="password" autoComplete="new-password" {...form.bind('password')} />
      </FormField>
      <FormField label={t('account.confirmPassword')} error={form.errors.confirmPassword} required>
        <TextInput type="password" autoComplete="new-password" {...form.bind('confirmPassword')} />
      </FormField>
    </>
  );
}
