import { Button, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack py={16} align="center" gap={4}>
      <Heading size="md">{t('common.notFound')}</Heading>
      <Button asChild variant="outline">
        <Link to="/index">{t('common.backToIndex')}</Link>
      </Button>
    </Stack>
  );
}
