import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { TFunction, i18n as I18n } from 'i18next';
import { useTranslation } from '../../lib/use-translation';
import { formatDateTime } from '../../lib/format';
import { tableRecipe } from '../../lib/theme';
import type { AuditEvent } from './api';

/** The event's label; a type newer than this build shows as its code. */
function eventLabel(t: TFunction, i18n: I18n, type: string): string {
  const key = `admin.events.types.${type}`;
  return i18n.exists(key) ? t(key as 'admin.events.types.paid') : type;
}

function Json({ text }: { text: string | null }) {
  const { t } = useTranslation();
  if (!text) return <>{t('common.none')}</>;
  return (
    <Box as="pre" fontSize="xs" fontFamily="mono" whiteSpace="pre-wrap" wordBreak="break-all">
      {text}
    </Box>
  );
}

/** An order's audit trail, oldest first: who did what, when, and the state before and after. */
export function AuditTrail({ events }: { events: AuditEvent[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={2} data-testid="audit-trail">
      <Heading as="h3" size="sm">
        {t('admin.events.title')}
      </Heading>
      {events.length === 0 ? (
        <Text color="fg.muted">{t('admin.events.empty')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root recipe={tableRecipe} size="sm">
            <Table.Header>
              <Table.Row>
                {(['time', 'type', 'actor', 'before', 'after', 'data'] as const).map((h) => (
                  <Table.ColumnHeader key={h}>{t(`admin.events.${h}`)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {events.map((e) => (
                <Table.Row key={e.id} data-testid="audit-event" data-type={e.type} verticalAlign="top">
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(e.createdAt)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <Text data-testid="audit-type">{eventLabel(t, i18n, e.type)}</Text>
                    <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                      {e.type}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{t(`admin.events.actors.${e.actorType}`)}</Text>
                    <Text fontSize="xs" color="fg.muted" data-testid="audit-actor">
                      {e.actorEmail ?? e.actorId ?? ''}
                    </Text>
                  </Table.Cell>
                  <Table.Cell maxW="200px">
                    <Json text={e.before} />
                  </Table.Cell>
                  <Table.Cell maxW="200px">
                    <Json text={e.after} />
                  </Table.Cell>
                  <Table.Cell maxW="200px">
                    <Json text={e.data} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
