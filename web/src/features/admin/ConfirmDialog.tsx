import { Text } from '@chakra-ui/react';
import { ConfirmDialog as Confirm } from '../../components/ui/ConfirmDialog';

interface Props {
  title: string;
  question: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}

/** The spec's confirmation prompt before an operator action. */
export function ConfirmDialog({ title, question, busy, onConfirm, onClose, testId }: Props) {
  return (
    <Confirm title={title} testId={testId} onClose={onClose} onConfirm={onConfirm} busy={busy} confirmTestId="confirm-action">
      <Text>{question}</Text>
    </Confirm>
  );
}
