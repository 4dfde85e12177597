import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/** A button that looks like a link (dialog cross-links such as "Forgot Password"). */
export function TextButton(props: HTMLChakraProps<'button'>) {
  return (
    <chakra.button
      type="button"
      color="blue.600"
      fontSize="sm"
      cursor="pointer"
      _hover={{ textDecoration: 'underline' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '2px' }}
      {...props}
    />
  );
}
