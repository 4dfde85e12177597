import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';

interface Props {
  onCancel: () => void;
  onAct: () => void;
  /** The action's label; 'Confirm' unless told. */
  label?: ReactNode;
  busy?: boolean;
  /** While the action runs, cancelling is refused (an operator's change must finish first). */
  lockCancel?: boolean;
  testId?: string;
  colorPalette?: 'blue' | 'brand';
}

/** A dialog's footer: Cancel, then the one action the dialog was opened for. */
export function DialogActions({ onCancel, onAct, label, busy, lockCancel, testId, colorPalette = 'blue' }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={lockCancel && busy}>
        {t('common.cancel')}
      </Button>
      <Button colorPalette={colorPalette} onClick={onAct} loading={busy} data-testid={testId}>
        {label ?? t('common.confirm')}
      </Button>
    </>
  );
}
