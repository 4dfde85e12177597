import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { fieldRecipe } from '../../lib/theme';

interface Props {
  label: ReactNode;
  error?: string | null;
  required?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}

/** A labelled control with its validation message (Field wires ids and aria-invalid). */
export function FormField({ label, error, required, helper, children }: Props) {
  return (
    <Field.Root recipe={fieldRecipe} invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText data-testid="field-error">{error}</Field.ErrorText>
    </Field.Root>
  );
}
