import { Input, type InputProps } from '@chakra-ui/react';
import { forwardRef } from 'react';
import { inputRecipe } from '../../lib/theme';

/** Chakra's Input with its recipe handed over (it is not part of the first-load theme). */
export const TextInput = forwardRef<HTMLInputElement, InputProps>(function TextInput(props, ref) {
  return <Input ref={ref} recipe={inputRecipe} {...props} />;
});
