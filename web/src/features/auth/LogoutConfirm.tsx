import { Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';

interface Props {
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Are you sure you want to sign out?' (the desktop header only; mobile logs out at once). */
export function LogoutConfirm({ open, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog open={open} onClose={onClose} onConfirm={onConfirm} title={t('auth.logout.title')} testId="logout-dialog">
      <Text>{t('auth.logout.confirm')}</Text>
    </ConfirmDialog>
  );
}
