import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DIALOG_WIDTH } from '../../lib/config';

interface Props {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Are you sure you want to sign out?' (the desktop header only; mobile logs out at once). */
export function LogoutConfirm({ open, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <ShopDialog
      open={open}
      onClose={onClose}
      title={t('auth.logout.title')}
      width={DIALOG_WIDTH.login}
      testId="logout-dialog"
      role="alertdialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={onConfirm}>
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <Text>{t('auth.logout.confirm')}</Text>
    </ShopDialog>
  );
}
