import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { DIALOG_WIDTH, SERVICE_EMAIL } from '../../lib/config';
import { AgreeNote } from '../legal';

interface Props {
  open: boolean;
  onAccept: () => void;
  onClose: () => void;
}

/** The disclaimer with the user agreement, opened by the registration checkbox. */
export function AgreementDialog({ open, onAccept, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <ShopDialog
      open={open}
      onClose={onClose}
      title={t('auth.agreement.title')}
      width={DIALOG_WIDTH.register}
      testId="agreement-dialog"
      footer={<DialogActions onCancel={onClose} onAct={onAccept} label={t('auth.agreement.accept')} />}
    >
      <Stack gap={3} fontSize="sm">
        <Text>{t('auth.agreement.p1')}</Text>
        <Text>{t('auth.agreement.p2')}</Text>
        <Text>{t('auth.agreement.p3')}</Text>
        <Text>{t('auth.agreement.p4', { email: SERVICE_EMAIL })}</Text>
        <AgreeNote i18nKey="auth.agreement.legalLinks" />
      </Stack>
    </ShopDialog>
  );
}
