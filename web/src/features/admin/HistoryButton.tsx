import { Button } from '@chakra-ui/react';

/** The console's "History" link of a table row: opens that row's audit trail. */
export function HistoryButton({ label, ariaLabel, testId, onOpen }: { label: string; ariaLabel: string; testId: string; onOpen: () => void }) {
  return (
    <Button size="xs" variant="ghost" onClick={onOpen} aria-label={ariaLabel} data-testid={testId}>
      {label}
    </Button>
  );
}
