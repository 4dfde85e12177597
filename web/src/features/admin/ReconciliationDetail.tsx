// Why a difference (or a run) came out as it did, in the console's language: core's detail code
// worded with the values it names (amounts formatted, the shop's status words translated). The
// provider's own words, and the English detail of rows written before codes existed, are shown as
// written, as code.
import { Text, type TextProps } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { formatPrice } from '../../lib/format';
import type { ReconciliationItem } from './reconciliation-api';

type DetailCode = NonNullable<ReconciliationItem['detailCode']>;
type DetailValue = NonNullable<ReconciliationItem['detailValues']>[number];

/** The values the texts name (schema/sdl/reconciliation.graphql, ReconciliationDetailCode). */
type Words = Partial<Record<'billed' | 'asked' | 'reported' | 'credited' | 'order' | 'status' | 'date' | 'reason', string>>;

/** Values that are the provider's or the check's words, never translated. */
const AS_WRITTEN = new Set(['message']);

function Raw({ children }: { children: string }) {
  return (
    <Text as="code" fontFamily="mono" fontSize="xs" wordBreak="break-word">
      {children}
    </Text>
  );
}

export function ReconciliationDetail({
  code,
  values,
  detail,
  ...text
}: { code: DetailCode | null | undefined; values: readonly DetailValue[] | null | undefined; detail: string | null | undefined } & TextProps) {
  const { t, i18n } = useTranslation();
  if (!code)
    return detail ? (
      <Text {...text}>
        <Raw>{detail}</Raw>
      </Text>
    ) : null;
  const words: Record<string, string> = {};
  let written: string | null = null;
  for (const v of values ?? []) {
    if (v.amount !== null && v.amount !== undefined) words[v.name] = `${formatPrice(v.amount)} ${v.currency ?? ''}`.trim();
    else if (AS_WRITTEN.has(v.name)) written = v.text ?? null;
    else words[v.name] = v.text ?? '';
  }
  // The shop's status words as the console names them elsewhere; one newer than this build as written.
  const status = words.status?.toUpperCase();
  if (status) {
    const key = code === 'REFUND_NOT_COMPLETED' ? `admin.refunds.statuses.${status}` : `admin.refunds.attemptStatuses.${status}`;
    if (i18n.exists(key)) words.status = t(key as 'admin.refunds.statuses.PENDING');
  }
  const reason = `admin.reconciliation.rejectReasons.${words.reason ?? ''}`;
  if (words.reason && i18n.exists(reason)) words.reason = t(reason as 'admin.reconciliation.rejectReasons.unreadable');
  return (
    <Text {...text} data-code={code}>
      {t(`admin.reconciliation.details.${code}`, words as Words)}
      {written ? (
        <>
          {' '}
          <Raw>{written}</Raw>
        </>
      ) : null}
    </Text>
  );
}
