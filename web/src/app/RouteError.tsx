import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from '../lib/use-translation';

/** What a route's error boundary shows: a failed chunk (after a deploy) or a render error. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Stack py={16} align="center" gap={4} role="alert" data-testid="route-error">
      <Heading size="md">{t('common.pageError')}</Heading>
      <Text color="fg.muted">{error instanceof Error ? error.message : ''}</Text>
      <Button colorPalette="blue" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Stack>
  );
}
