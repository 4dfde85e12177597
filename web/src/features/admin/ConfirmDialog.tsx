import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DIALOG_WIDTH } from '../../lib/config';

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
  const { t } = useTranslation();
  return (
    <ShopDialog
      open
      onClose={onClose}
      title={title}
      width={DIALOG_WIDTH.login}
      testId={testId}
      role="alertdialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={onConfirm} loading={busy} data-testid="confirm-action">
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <Text>{question}</Text>
    </ShopDialog>
  );
}
