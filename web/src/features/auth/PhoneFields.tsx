import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { fieldRecipe, nativeSelectRecipe } from '../../lib/theme';
import { PHONE_AREAS } from '../../lib/validation';

interface Props {
  area: string;
  onAreaChange: (area: string) => void;
  number: { name: string; value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void; onBlur: () => void };
  error?: string | null;
}

/** Area code (a short list, +86 first) and the mobile number of a phone account. */
export function PhoneFields({ area, onAreaChange, number, error }: Props) {
  const { t } = useTranslation();
  return (
    <HStack align="start" gap={2}>
      <Field.Root recipe={fieldRecipe} w="110px" flexShrink={0} required>
        <Field.Label>
          {t('auth.phone.area')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root recipe={nativeSelectRecipe}>
          <NativeSelect.Field name="phoneArea" value={area} onChange={(e) => onAreaChange(e.target.value)} data-testid="phone-area">
            {PHONE_AREAS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <FormField label={t('auth.phone.number')} error={error} required>
        <TextInput type="tel" autoComplete="tel-national" inputMode="numeric" {...number} />
      </FormField>
    </HStack>
  );
}
