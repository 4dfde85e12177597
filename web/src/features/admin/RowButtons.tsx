import { Button } from '@chakra-ui/react';

interface RowButtonProps {
  label: string;
  /** Names the row as well: every row has the same label. */
  ariaLabel: string;
  testId: string;
  onClick: () => void;
  loading?: boolean;
}

/** A small button of a console table row that acts on that row (send again, run again). */
export function RowActionButton({ label, ariaLabel, testId, onClick, loading }: RowButtonProps) {
  return (
    <Button size="xs" variant="outline" loading={loading} onClick={onClick} aria-label={ariaLabel} data-testid={testId}>
      {label}
    </Button>
  );
}

/** The console's "History" link of a table row: opens that row's audit trail. */
export function HistoryButton({ label, ariaLabel, testId, onOpen }: { label: string; ariaLabel: string; testId: string; onOpen: () => void }) {
  return (
    <Button size="xs" variant="ghost" onClick={onOpen} aria-label={ariaLabel} data-testid={testId}>
      {label}
    </Button>
  );
}
