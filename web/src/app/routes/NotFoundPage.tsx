import { Button, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { RouteLink } from '../../components/ui/RouteLink';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack py={16} align="center" gap={4}>
      <Heading size="md">{t('common.notFound')}</Heading>
      <Button asChild variant="outline">
        <RouteLink to="/index">{t('common.backToIndex')}</RouteLink>
      </Button>
    </Stack>
  );
}
