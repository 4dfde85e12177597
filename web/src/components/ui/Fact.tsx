import { Text } from '@chakra-ui/react';

/** One fact of a record as a line: 'Label: value', the value in bold. */
export function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Text>
      {label}:{' '}
      <Text as="span" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Text>
  );
}
