import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from '../lib/use-translation';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center py={16}>
      <Spinner size="lg" role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
