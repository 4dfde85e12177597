import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { ShopDialog } from '../../components/ui/ShopDialog';
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
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={onAccept}>
            {t('auth.agreement.accept')}
          </Button>
        </>
      }
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
