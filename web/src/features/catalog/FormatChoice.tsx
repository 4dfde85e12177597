import { chakra, HStack, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import type { Format } from './api';

interface Props {
  value: Format;
  onChange: (f: Format) => void;
  ebookDisabled: boolean;
  name: string;
}

// Native radios: on the first screen they cost nothing, where a radio-group widget would add
// its state machine to the first load.
const Radio = chakra('input', {
  base: { accentColor: 'var(--chakra-colors-blue-600)', w: '4', h: '4', cursor: 'pointer', _disabled: { cursor: 'not-allowed' } },
});

/** E-book or paper book; the e-book is disabled once bought (spec section 4). */
export function FormatChoice({ value, onChange, ebookDisabled, name }: Props) {
  const { t } = useTranslation();
  const option = (f: Format, label: string, disabled = false) => (
    <chakra.label
      display="inline-flex"
      alignItems="center"
      gap={2}
      fontSize="sm"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      color={disabled ? 'fg.subtle' : undefined}
    >
      <Radio type="radio" name={name} value={f} checked={value === f} disabled={disabled} onChange={() => onChange(f)} />
      {label}
    </chakra.label>
  );
  return (
    <chakra.fieldset border={0} p={0} m={0}>
      <VisuallyHidden as="legend">{t('books.format')}</VisuallyHidden>
      <HStack gap={5}>
        {option('EBOOK', t('books.ebook'), ebookDisabled)}
        {option('PAPER', t('books.paper'))}
      </HStack>
    </chakra.fieldset>
  );
}
