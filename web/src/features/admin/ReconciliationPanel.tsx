import { Box, Button, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { ListAnswer } from '../../components/ui/ListAnswer';
import { notify } from '../../components/ui/toaster';
import { messageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { tableRecipe } from '../../lib/theme';
import {
  RECONCILIATION_DAY,
  RECONCILIATION_DAYS,
  RERUN_RECONCILIATION,
  type ProviderDay,
  type ReconciliationAction,
  type ReconciliationItem,
  type ReconciliationProvider,
  type ReconciliationTotals,
  type RecentDay,
} from './reconciliation-api';
import { ReconciliationHistoryDialog, ResolveDialog } from './ReconciliationDialogs';
import { ItemsTable } from './ReconciliationItems';
import { useChangeNotices } from './change-notices';
import { RowActionButton } from './RowButtons';
import { ReconciliationDetail } from './ReconciliationDetail';
import { BankStatementUpload } from './BankStatementUpload';

/** How many days back the list of days reaches. */
const RECENT_DAYS = 14;
const FIGURES = ['count', 'gross', 'refunds', 'fees', 'net', 'currency'] as const;
type Figure = (typeof FIGURES)[number];

/** A calendar day in Beijing (UTC+8 all year), `back` days before today there. */
function beijingDay(back: number): string {
  return new Date(Date.now() + 8 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** A figure of both sides, and whether they differ (the shop knows no fees: never compared). */
function compare(figure: Figure, p: ReconciliationTotals | null | undefined, s: ReconciliationTotals | null | undefined) {
  const pv = p?.[figure] ?? null;
  const sv = s?.[figure] ?? null;
  const comparable = figure !== 'fees' && p != null && s != null && !(figure === 'currency' && (pv === null || sv === null));
  const differs = comparable && (typeof pv === 'string' && typeof sv === 'string' && figure !== 'currency' ? Number(pv) !== Number(sv) : pv !== sv);
  return { pv, sv, comparable, differs };
}

function TotalsTable({ day }: { day: ProviderDay }) {
  const { t } = useTranslation();
  const run = day.latestRun;
  const none = t('common.none');
  const provider = t(`admin.providers.${day.provider}`);
  return (
    // Focusable, so a keyboard can scroll it where the screen is too narrow for it.
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="md"
      bg="white"
      flex="1"
      minW="0"
      maxW="640px"
      tabIndex={0}
      role="region"
      aria-label={t('admin.reconciliation.totals', { provider })}
    >
      <Table.Root recipe={tableRecipe} size="sm" data-testid="recon-totals">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('admin.reconciliation.figure')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('admin.reconciliation.providerSide')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('admin.reconciliation.shopSide')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.reconciliation.compared')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {FIGURES.map((f) => {
            const c = compare(f, run.providerTotals, run.shopTotals);
            return (
              <Table.Row
                key={f}
                data-testid="recon-total-row"
                data-figure={f}
                data-differs={c.differs ? 'true' : 'false'}
                bg={c.differs ? 'red.50' : undefined}
              >
                <Table.Cell fontWeight={c.differs ? 'semibold' : undefined}>{t(`admin.reconciliation.figures.${f}`)}</Table.Cell>
                <Table.Cell textAlign="end" data-testid="recon-total-provider">
                  {c.pv ?? none}
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="recon-total-shop">
                  {f === 'fees' ? (
                    <Text as="span" color="fg.muted">
                      {t('admin.reconciliation.notKnown')}
                    </Text>
                  ) : (
                    (c.sv ?? none)
                  )}
                </Table.Cell>
                <Table.Cell data-testid="recon-total-compared">
                  {!c.comparable ? (
                    none
                  ) : c.differs ? (
                    <Text as="span" color="red.700" fontWeight="semibold">
                      {t('admin.reconciliation.differs')}
                    </Text>
                  ) : (
                    <Text as="span" color="green.700">
                      {t('admin.reconciliation.agrees')}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function RerunButton({ provider, date, onDone }: { provider: ReconciliationProvider; date: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [rerun, { loading }] = useMutation(RERUN_RECONCILIATION);
  const notices = useChangeNotices();
  const name = t(`admin.providers.${provider}`);
  const run = () =>
    rerun({ variables: { provider, date } }).then((r) => {
      if (r.data?.rerunReconciliation.changed) notify.success(t('admin.reconciliation.rerunQueued', { provider: name, date }));
      else notify.info(t('admin.reconciliation.rerunWaiting'));
      onDone();
    }, notices.refused);
  return (
    <RowActionButton
      label={t('admin.reconciliation.rerun')}
      ariaLabel={t('admin.reconciliation.rerunLabel', { provider: name, date })}
      testId="recon-rerun"
      onClick={() => void run()}
      loading={loading}
    />
  );
}

function ProviderCard({
  provider,
  day,
  date,
  canRerun,
  onDone,
}: {
  provider: ReconciliationProvider;
  day: ProviderDay | undefined;
  date: string;
  canRerun: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const run = day?.latestRun;
  return (
    <Stack gap={3} borderWidth="1px" borderRadius="md" p={4} bg="gray.50" data-testid="recon-provider" data-provider={provider}>
      <HStack justify="space-between" align="start" gap={3}>
        <Stack gap={0}>
          <Heading as="h3" size="sm">
            {t(`admin.providers.${provider}`)}
          </Heading>
          {day ? (
            <Text fontSize="xs" color="fg.muted">
              {day.setup === 'domestic' ? t('admin.reconciliation.setups.domestic') : t('admin.reconciliation.setups.overseas')}
            </Text>
          ) : null}
        </Stack>
        {canRerun ? <RerunButton provider={provider} date={date} onDone={onDone} /> : null}
      </HStack>
      {!day || !run ? (
        <Text color="fg.muted" data-testid="recon-not-run">
          {t('admin.reconciliation.notRun')}
        </Text>
      ) : (
        <Flex gap={6} wrap="wrap" align="start">
          <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap={4} rowGap={1} fontSize="sm" minW="240px" maxW="360px">
            <Text as="dt" color="fg.muted">
              {t('admin.reconciliation.outcome')}
            </Text>
            <Text as="dd" fontWeight="semibold" color={run.outcome === 'RECONCILED' ? 'green.700' : 'red.700'} data-testid="recon-outcome">
              {t(`admin.reconciliation.outcomes.${run.outcome}`)}
            </Text>
            {run.detailCode || run.detail ? (
              <>
                <Text as="dt" color="fg.muted">
                  {t('admin.reconciliation.cols.detail')}
                </Text>
                <ReconciliationDetail
                  as="dd"
                  code={run.detailCode}
                  values={run.detailValues}
                  detail={run.detail}
                  wordBreak="break-word"
                  data-testid="recon-run-detail"
                />
              </>
            ) : null}
            <Text as="dt" color="fg.muted">
              {t('admin.reconciliation.lastRun')}
            </Text>
            <Text as="dd">{formatDateTime(run.finishedAt)}</Text>
            <Text as="dt" color="fg.muted">
              {t('admin.reconciliation.runs')}
            </Text>
            <Text as="dd">{day.runCount}</Text>
            <Text as="dt" color="fg.muted">
              {t('admin.reconciliation.openDifferences')}
            </Text>
            <Text as="dd" fontWeight="semibold" color={day.openDifferences ? 'red.700' : 'green.700'} data-testid="recon-open-count">
              {day.openDifferences}
            </Text>
          </Box>
          {run.providerTotals || run.shopTotals ? <TotalsTable day={day} /> : null}
        </Flex>
      )}
    </Stack>
  );
}

function RecentDays({ selected, onPick, days, error }: { selected: string; onPick: (date: string) => void; days: RecentDay[] | undefined; error: unknown }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} as="section" aria-labelledby="recon-recent-title">
      <Heading as="h3" size="sm" id="recon-recent-title">
        {t('admin.reconciliation.recentDays')}
      </Heading>
      {error ? (
        <Text color="red.600" role="alert">
          {messageOf(error, t('common.errorOccurred'))}
        </Text>
      ) : days && !days.length ? (
        <Text color="fg.muted">{t('admin.reconciliation.recentNone', { count: RECENT_DAYS })}</Text>
      ) : (
        <Flex gap={2} wrap="wrap" data-testid="recon-days">
          {days?.map((d) => (
            <Button
              key={d.date}
              size="xs"
              variant={d.date === selected ? 'solid' : 'outline'}
              colorPalette={d.openDifferences ? 'red' : 'green'}
              aria-pressed={d.date === selected}
              aria-label={
                d.openDifferences
                  ? t('admin.reconciliation.dayLabelOpen', { date: d.date, count: d.openDifferences })
                  : t('admin.reconciliation.dayLabelClean', { date: d.date })
              }
              onClick={() => onPick(d.date)}
              data-testid="recon-day"
              data-date={d.date}
              data-open={d.openDifferences}
            >
              {d.openDifferences
                ? t('admin.reconciliation.dayOpen', { date: d.date, count: d.openDifferences })
                : t('admin.reconciliation.dayClean', { date: d.date })}
            </Button>
          ))}
        </Flex>
      )}
    </Stack>
  );
}

/** The providers' bills against the shop's ledger: a day's runs and totals, its differences and what to do about them. */
export function ReconciliationPanel() {
  const { t } = useTranslation();
  // A day a link asks for (`?date=YYYY-MM-DD`, the alert mail's), else yesterday in Beijing.
  const [date, setDate] = useState(() => {
    const asked = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('date');
    return asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : beijingDay(1);
  });
  const [input, setInput] = useState(date);
  const [acting, setActing] = useState<{ item: ReconciliationItem; action: ReconciliationAction } | null>(null);
  const [history, setHistory] = useState<ReconciliationItem | null>(null);
  const [range] = useState(() => ({ from: beijingDay(RECENT_DAYS), to: beijingDay(0) }));
  const { data, loading, error, refetch } = useQuery(RECONCILIATION_DAY, { variables: { date }, fetchPolicy: 'cache-and-network' });
  const recent = useQuery(RECONCILIATION_DAYS, { variables: range, fetchPolicy: 'cache-and-network' });
  const day = data?.reconciliationDay;
  const refresh = () => {
    void refetch();
    void recent.refetch();
  };
  const pick = (d: string) => {
    setInput(d);
    setDate(d);
  };

  // Every provider that ran that day, then those that can be reconciled and have not.
  const ran = new Map(day?.providers.map((p) => [p.provider, p]) ?? []);
  const reconcilable = new Set(day?.reconcilableProviders ?? []);
  const shown: ReconciliationProvider[] = [...ran.keys(), ...[...reconcilable].filter((p) => !ran.has(p))];
  const open = day?.items.filter((i) => i.state === 'OPEN') ?? [];
  const resolved = day?.items.filter((i) => i.state !== 'OPEN') ?? [];

  return (
    <Stack gap={5} data-testid="reconciliation-panel">
      <Text color="fg.muted" fontSize="sm">
        {t('admin.reconciliation.intro')}
      </Text>
      <HStack align="end" gap={4} wrap="wrap">
        <Box w="200px">
          <FormField label={t('admin.reconciliation.day')}>
            <TextInput
              size="sm"
              type="date"
              name="billDay"
              value={input}
              max={beijingDay(0)}
              onChange={(e) => {
                setInput(e.target.value);
                if (isDay(e.target.value)) setDate(e.target.value);
              }}
              data-testid="recon-day-input"
            />
          </FormField>
        </Box>
      </HStack>
      <RecentDays selected={date} onPick={pick} days={recent.data?.reconciliationDays} error={recent.error} />
      <BankStatementUpload onDone={refresh} />
      <ListAnswer data={day} loading={loading} error={error} fallback={t('common.errorOccurred')}>
        {(shownDay) =>
          shownDay ? (
            <Stack gap={5} data-testid="recon-day-view" data-date={shownDay.date}>
              {shown.length ? (
                <Stack gap={3}>
                  {shown.map((p) => (
                    <ProviderCard key={p} provider={p} day={ran.get(p)} date={shownDay.date} canRerun={reconcilable.has(p)} onDone={refresh} />
                  ))}
                </Stack>
              ) : (
                <Text color="fg.muted">{t('admin.reconciliation.noRuns')}</Text>
              )}
              <Stack gap={2} as="section" aria-labelledby="recon-open-title">
                <Heading as="h3" size="sm" id="recon-open-title">
                  {t('admin.reconciliation.openTitle')} ({open.length})
                </Heading>
                <ItemsTable items={open} open onAct={(item, action) => setActing({ item, action })} onHistory={setHistory} />
              </Stack>
              <Stack gap={2} as="section" aria-labelledby="recon-resolved-title">
                <Heading as="h3" size="sm" id="recon-resolved-title">
                  {t('admin.reconciliation.resolvedTitle')} ({resolved.length})
                </Heading>
                <ItemsTable items={resolved} open={false} onAct={() => undefined} onHistory={setHistory} />
              </Stack>
            </Stack>
          ) : null
        }
      </ListAnswer>
      {acting ? <ResolveDialog item={acting.item} action={acting.action} onClose={() => setActing(null)} onDone={refresh} /> : null}
      {history ? <ReconciliationHistoryDialog item={history} onClose={() => setHistory(null)} /> : null}
    </Stack>
  );
}
