import { Field, NativeSelect } from '@chakra-ui/react';
import { fieldRecipe, nativeSelectRecipe } from '../../lib/theme';

interface Props {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
  /** The first option, whose value is empty: 'All' in a filter, 'Please choose' in a form. */
  allLabel: string;
  name?: string;
  required?: boolean;
  error?: string | null;
  /** A form field takes the width of its column; a filter only what it needs. */
  fill?: boolean;
}

/** A labelled native select whose first option is the empty value. */
export function FilterSelect({ label, value, options, onChange, testId, allLabel, name, required, error, fill }: Props) {
  return (
    <Field.Root recipe={fieldRecipe} w={fill ? 'full' : 'auto'} minW="160px" required={required} invalid={!!error}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <NativeSelect.Root recipe={nativeSelectRecipe} size="sm">
        <NativeSelect.Field data-testid={testId} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{allLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {required ? <Field.ErrorText data-testid="field-error">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
