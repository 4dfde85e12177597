import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DIALOG_WIDTH } from '../../lib/config';

interface Props {
  outcome: 'paid' | 'failed';
  busy: boolean;
  onConfirm: () => void;
}

/** 'Successful Book Purchase' with confirm-and-download, or 'Payment failed, please pay again!'. */
export function ResultDialog({ outcome, busy, onConfirm }: Props) {
  const { t } = useTranslation();
  const paid = outcome === 'paid';
  return (
    <ShopDialog
      open
      onClose={onConfirm}
      title={paid ? t('pay.successTitle') : t('pay.failedTitle')}
      width={DIALOG_WIDTH.login}
      testId={paid ? 'pay-success-dialog' : 'pay-failed-dialog'}
      footer={
        <Button colorPalette={paid ? 'blue' : 'red'} loading={busy} onClick={onConfirm} data-testid="result-confirm">
          {paid ? t('pay.confirmDownload') : t('common.confirm')}
        </Button>
      }
    >
      <Text>{paid ? t('pay.successBody') : t('pay.failed')}</Text>
    </ShopDialog>
  );
}
