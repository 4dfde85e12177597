import { Button, Field, HStack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { TextInput } from '../../components/ui/TextInput';
import { fieldRecipe } from '../../lib/theme';
import type { AdminOrderFilter, InvoiceStatus, OrderStatus, Provider, ShippingStatus } from './api';
import { INVOICE_STATUSES, PROVIDERS, SHIPPING, STATUSES } from './labels';
import { FilterSelect } from './Select';

interface Props {
  value: AdminOrderFilter;
  onChange: (f: AdminOrderFilter) => void;
}

/** The selects apply at once; the dates and the search text with the Search button (or Enter). */
export function OrderFilterBar({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value.search ?? '');
  const [from, setFrom] = useState(value.createdFrom ?? '');
  const [to, setTo] = useState(value.createdTo ?? '');
  const set = (patch: Partial<AdminOrderFilter>) => onChange({ ...value, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set({ search: search.trim() || undefined, createdFrom: from || undefined, createdTo: to || undefined });
  };
  const reset = () => {
    setSearch('');
    setFrom('');
    setTo('');
    onChange({});
  };
  const all = t('admin.all');

  return (
    <form onSubmit={submit} data-testid="admin-filters" role="search">
      <HStack gap={3} wrap="wrap" align="end">
        <FilterSelect
          label={t('admin.filters.status')}
          testId="admin-filter-status"
          allLabel={all}
          value={value.status ?? ''}
          options={STATUSES.map((s) => ({ value: s, label: t(`orders.statuses.${s}`) }))}
          onChange={(v) => set({ status: (v || undefined) as OrderStatus | undefined })}
        />
        <FilterSelect
          label={t('admin.filters.payType')}
          testId="admin-filter-paytype"
          allLabel={all}
          value={value.payType ? String(value.payType) : ''}
          options={[
            { value: '2', label: t('admin.payTypes.online') },
            { value: '3', label: t('admin.payTypes.offline') },
          ]}
          onChange={(v) => set({ payType: v ? Number(v) : undefined })}
        />
        <FilterSelect
          label={t('admin.filters.provider')}
          testId="admin-filter-provider"
          allLabel={all}
          value={value.provider ?? ''}
          options={PROVIDERS.map((p) => ({ value: p, label: t(`admin.providers.${p}`) }))}
          onChange={(v) => set({ provider: (v || undefined) as Provider | undefined })}
        />
        <FilterSelect
          label={t('admin.filters.shipping')}
          testId="admin-filter-shipping"
          allLabel={all}
          value={value.shippingStatus ?? ''}
          options={SHIPPING.map((s) => ({ value: s, label: t(`admin.shipping.${s}`) }))}
          onChange={(v) => set({ shippingStatus: (v || undefined) as ShippingStatus | undefined })}
        />
        <FilterSelect
          label={t('admin.filters.invoice')}
          testId="admin-filter-invoice"
          allLabel={all}
          value={value.invoiceStatus ?? ''}
          options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`admin.invoices.statuses.${s}`) }))}
          onChange={(v) => set({ invoiceStatus: (v || undefined) as InvoiceStatus | undefined })}
        />
        <Field.Root recipe={fieldRecipe} w="auto">
          <Field.Label>{t('admin.filters.from')}</Field.Label>
          <TextInput size="sm" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} data-testid="admin-filter-from" />
        </Field.Root>
        <Field.Root recipe={fieldRecipe} w="auto">
          <Field.Label>{t('admin.filters.to')}</Field.Label>
          <TextInput size="sm" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} data-testid="admin-filter-to" />
        </Field.Root>
        <Field.Root recipe={fieldRecipe} w="auto" minW="240px" flex="1">
          <Field.Label>{t('admin.filters.search')}</Field.Label>
          <TextInput size="sm" type="search" value={search} maxLength={254} onChange={(e) => setSearch(e.target.value)} data-testid="admin-filter-search" />
        </Field.Root>
        <Button size="sm" type="submit" colorPalette="blue" data-testid="admin-filter-apply">
          {t('admin.filters.apply')}
        </Button>
        <Button size="sm" variant="outline" onClick={reset}>
          {t('admin.filters.reset')}
        </Button>
      </HStack>
    </form>
  );
}
