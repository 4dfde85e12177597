import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { CodeInput } from '../../components/ui/CodeInput';
import { DEFAULT_PHONE_AREA } from '../../lib/validation';
import { AccountMethod, type AccountMethodKind } from './AccountMethod';
import { PhoneFields } from './PhoneFields';
import { useCodeSender } from './useCodeSender';

type Bound = Parameters<typeof PhoneFields>[0]['number'];

/** The part of a form (lib/form.ts) these fields use: the phone number and the code. */
interface CodeForm {
  bind: (name: 'phoneNo' | 'code') => Bound;
  errors: Partial<Record<'phoneNo' | 'code', string | null>>;
  setErrors: (errors: Record<string, never>) => void;
}

/** Email or mobile phone, and the phone's area code: the account a code goes to. */
export function useAccountChoice() {
  const [method, setMethod] = useState<AccountMethodKind>('email');
  const [area, setArea] = useState(DEFAULT_PHONE_AREA);
  return { method, setMethod, area, setArea };
}

export type AccountChoice = ReturnType<typeof useAccountChoice>;

const LABELS = {
  REGISTER: { code: 'auth.register.code', send: 'auth.register.sendCode' },
  RESET: { code: 'auth.forgot.code', send: 'auth.forgot.sendCode' },
} as const;

interface Props {
  purpose: 'REGISTER' | 'RESET';
  form: CodeForm;
  choice: AccountChoice;
  /** The checked account to send the code to, or null when its field shows an error. */
  target: () => string | null;
  /** The email field (its label and autofill differ between registration and reset). */
  children: ReactNode;
}

/**
 * Who gets a code, and the code (spec sections 4, 7): email or mobile phone, that account's
 * field(s), then the code with its send button.
 */
export function AccountCodeFields({ purpose, form, choice, target, children }: Props) {
  const { t } = useTranslation();
  const codes = useCodeSender(purpose);
  const send = () => {
    const account = target();
    if (account) void codes.send(account, choice.method === 'phone');
  };
  return (
    <>
      <AccountMethod
        value={choice.method}
        onChange={(m) => {
          choice.setMethod(m);
          form.setErrors({});
        }}
      />
      {choice.method === 'email' ? (
        children
      ) : (
        <PhoneFields area={choice.area} onAreaChange={choice.setArea} number={form.bind('phoneNo')} error={form.errors.phoneNo} />
      )}
      <FormField label={t(LABELS[purpose].code)} error={form.errors.code} required>
        <CodeInput {...form.bind('code')} onSend={send} left={codes.left} sending={codes.sending} sendLabel={t(LABELS[purpose].send)} />
      </FormField>
    </>
  );
}
