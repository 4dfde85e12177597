import { Field, NativeSelect } from '@chakra-ui/react';
import { fieldRecipe, nativeSelectRecipe } from '../../lib/theme';

interface Props {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
  allLabel: string;
}

/** A labelled native select whose first option ('All') is the empty value. */
export function FilterSelect({ label, value, options, onChange, testId, allLabel }: Props) {
  return (
    <Field.Root recipe={fieldRecipe} w="auto" minW="160px">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root recipe={nativeSelectRecipe} size="sm">
        <NativeSelect.Field data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{allLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
