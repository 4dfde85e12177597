import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center py={16}>
      <Spinner size="lg" aria-label={t('common.loading')} />
    </Center>
  );
}
