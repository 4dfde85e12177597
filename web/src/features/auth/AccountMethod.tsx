import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';

export type AccountMethodKind = 'email' | 'phone';

/** The choice between an email and a mobile-phone account, as two toggle buttons. */
export function AccountMethod({ value, onChange }: { value: AccountMethodKind; onChange: (v: AccountMethodKind) => void }) {
  const { t } = useTranslation();
  const option = (kind: AccountMethodKind, label: string) => (
    <Button
      type="button"
      size="sm"
      flex="1"
      variant={value === kind ? 'solid' : 'outline'}
      colorPalette="blue"
      aria-pressed={value === kind}
      onClick={() => onChange(kind)}
      data-testid={`method-${kind}`}
    >
      {label}
    </Button>
  );
  return (
    <HStack role="group" aria-label={t('auth.phone.method')} gap={2}>
      {option('email', t('auth.phone.byEmail'))}
      {option('phone', t('auth.phone.byPhone'))}
    </HStack>
  );
}
