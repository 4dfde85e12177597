import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { TFunction, i18n as I18n } from 'i18next';
import { useTranslation } from '../../lib/use-translation';
import { formatDateTime } from '../../lib/format';
import { tableRecipe } from '../../lib/theme';
import type { AuditEvent } from './api';

/** The event's label (from the subject's own labels first); a type newer than this build shows as its code. */
function eventLabel(t: TFunction, i18n: I18n, type: string, labels?: string): string {
  for (const key of [...(labels ? [`${labels}.${type}`] : []), `admin.events.types.${type}`]) if (i18n.exists(key)) return t(key as 'admin.events.types.paid');
  return type;
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

/**
 * An audit trail, oldest first: who did what, when, and the state before and after. `labels` names
 * the texts of a subject whose event types are its own (e.g. admin.reconciliation.eventTypes).
 */
export function AuditTrail({ events, labels }: { events: AuditEvent[]; labels?: string }) {
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
                    <Text data-testid="audit-type">{eventLabel(t, i18n, e.type, labels)}</Text>
                    {/* The event's code as stored, for finding it in logs: a code in either language. */}
                    <Text as="code" display="block" fontSize="xs" color="fg.muted" fontFamily="mono">
                      {e.type}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{t(`admin.events.actors.${e.actorType}`)}</Text>
                    {/* An operator or buyer by email; a provider or job by its stored id, a code in either language. */}
                    <Text as={e.actorEmail ? 'p' : 'code'} display="block" fontSize="xs" color="fg.muted" data-testid="audit-actor">
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
