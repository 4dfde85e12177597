import { Button, HStack } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { TextInput } from './TextInput';

interface Props {
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  onSend: () => void;
  left: number;
  sending: boolean;
  sendLabel: string;
}

/** The verification-code input with its send button and countdown. */
export function CodeInput({ name, value, onChange, onBlur, onSend, left, sending, sendLabel }: Props) {
  const { t } = useTranslation();
  return (
    <HStack w="full">
      <TextInput name={name} value={value} onChange={onChange} onBlur={onBlur} autoComplete="one-time-code" inputMode="numeric" />
      <Button type="button" variant="outline" minW="120px" onClick={onSend} disabled={left > 0} loading={sending} data-testid="send-code">
        {left > 0 ? t('auth.code.countdown', { seconds: left }) : sendLabel}
      </Button>
    </HStack>
  );
}
