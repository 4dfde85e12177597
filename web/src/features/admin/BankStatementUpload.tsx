// The reconciliation tab's bank-statement upload: the operator picks the bank's camt.053 or CSV
// file; the gateway completes the transfers it matches and answers what it did, shown here.
import { Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { tableRecipe } from '../../lib/theme';
import { STATEMENT_ACCEPT, uploadStatement, type StatementResult } from './statement-upload';

function ResultTable({ testId, title, columns, rows }: { testId: string; title: string; columns: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={1} data-testid={testId}>
      <Heading as="h4" size="xs">
        {title} ({rows.length})
      </Heading>
      {rows.length ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="white" tabIndex={0} role="region" aria-label={title}>
          <Table.Root recipe={tableRecipe} size="sm">
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.ColumnHeader key={c}>{c}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((cells, i) => (
                <Table.Row key={i} data-testid={`${testId}-row`}>
                  {cells.map((c, j) => (
                    <Table.Cell key={j} wordBreak="break-word">
                      {c}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          {t('admin.reconciliation.statement.none')}
        </Text>
      )}
    </Stack>
  );
}

function StatementOutcome({ result }: { result: StatementResult }) {
  const { t } = useTranslation();
  const cols = (...keys: ('order' | 'entry' | 'amount' | 'reference' | 'detail')[]) => keys.map((k) => t(`admin.reconciliation.statement.cols.${k}`));
  const mono = (v: string) => (
    <Text as="span" fontFamily="mono" fontSize="xs">
      {v}
    </Text>
  );
  return (
    <Stack gap={3} data-testid="statement-result">
      <Text role="status" data-testid="statement-summary">
        {t('admin.reconciliation.statement.summary', {
          credits: result.credits,
          completed: result.completed.length,
          partial: result.partial.length,
          unmatched: result.unmatched.length,
        })}
      </Text>
      {result.known ? (
        <Text color="fg.muted" fontSize="sm" data-testid="statement-known">
          {t('admin.reconciliation.statement.known', { count: result.known })}
        </Text>
      ) : null}
      <ResultTable
        testId="statement-completed"
        title={t('admin.reconciliation.statement.completedTitle')}
        columns={cols('order')}
        rows={result.completed.map((o) => [mono(o)])}
      />
      <ResultTable
        testId="statement-partial"
        title={t('admin.reconciliation.statement.partialTitle')}
        columns={cols('order', 'entry', 'detail')}
        rows={result.partial.map((p) => [mono(p.orderNo), mono(p.entryRef), t('admin.reconciliation.statement.credited', p)])}
      />
      <ResultTable
        testId="statement-unmatched"
        title={t('admin.reconciliation.statement.unmatchedTitle')}
        columns={cols('entry', 'amount', 'reference')}
        rows={result.unmatched.map((u) => [mono(u.entryRef), `${u.amount} ${u.currency}`, u.reference])}
      />
      {result.partial.length || result.unmatched.length ? (
        <Text color="fg.muted" fontSize="sm">
          {t('admin.reconciliation.statement.followUp')}
        </Text>
      ) : null}
    </Stack>
  );
}

export function BankStatementUpload({ onDone }: { onDone: (result: StatementResult) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<StatementResult | null>(null);

  const send = async () => {
    const file = input.current?.files?.[0];
    if (!file) return setError(t('admin.reconciliation.statement.chooseFirst'));
    setBusy(true);
    setError(null);
    setResult(null);
    const answer = await uploadStatement(file);
    setBusy(false);
    if (!answer.ok) return setError(answer.message ?? t('admin.reconciliation.statement.failed'));
    setResult(answer.result);
    onDone(answer.result);
  };

  return (
    <Stack gap={3} as="section" aria-labelledby="statement-title" borderWidth="1px" borderRadius="md" p={4} data-testid="statement-upload">
      <Heading as="h3" size="sm" id="statement-title">
        {t('admin.reconciliation.statement.title')}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {t('admin.reconciliation.statement.intro')}
      </Text>
      <HStack align="end" gap={3} wrap="wrap">
        <Box maxW="360px">
          <FormField label={t('admin.reconciliation.statement.file')} error={error}>
            <input
              ref={input}
              type="file"
              name="statement"
              // A bare file input is not tied to the field's label: it is named itself.
              aria-label={t('admin.reconciliation.statement.file')}
              accept={STATEMENT_ACCEPT}
              data-testid="statement-file"
              onChange={() => {
                setError(null);
                setResult(null);
              }}
            />
          </FormField>
        </Box>
        <Button size="sm" loading={busy} onClick={() => void send()} data-testid="statement-send">
          {t('admin.reconciliation.statement.upload')}
        </Button>
      </HStack>
      {result ? <StatementOutcome result={result} /> : null}
    </Stack>
  );
}
