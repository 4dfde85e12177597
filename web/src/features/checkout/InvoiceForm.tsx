import { Heading, RadioGroup, SimpleGrid, Stack, Switch } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { useForm } from '../../lib/form';
import { INVOICE_TEXT_FIELDS, requiredInvoiceFields, type Invoice, type InvoiceTextField, type InvoiceType, type PickupMethod } from '../../lib/invoice';
import { radioGroupRecipe, switchRecipe } from '../../lib/theme';
import { checkInvoiceText, EMAIL_PATTERN } from '../../lib/validation';

type Field = InvoiceTextField | 'invoiceType' | 'pickupMethod';
const INITIAL = { invoiceType: 'VAT_GENERAL', pickupMethod: 'ELECTRONIC', ...Object.fromEntries(INVOICE_TEXT_FIELDS.map((f) => [f, ''])) } as Record<
  Field,
  string
>;

/** The invoice part of the purchase dialog: its fields, their rules, and the value to send. */
export function useInvoiceForm(initial?: Invoice | null) {
  const { t } = useTranslation();
  const required = (all: Record<Field, string>) => requiredInvoiceFields(all.invoiceType as InvoiceType, all.pickupMethod as PickupMethod);
  const rule = (f: InvoiceTextField) => (v: string, all: Record<Field, string>) => {
    const k = checkInvoiceText(v, required(all).has(f));
    if (k) return t(`validation.${k}`, { field: t(`invoice.${f}`) });
    if (f === 'contactMail' && v.trim() && !EMAIL_PATTERN.test(v.trim())) return t('validation.emailInvalid');
    return null;
  };
  // A new type or pickup method changes which fields are required: their messages follow.
  const dependents = { invoiceType: [...INVOICE_TEXT_FIELDS], pickupMethod: [...INVOICE_TEXT_FIELDS] };
  const form = useForm<Field>(initial ? startingFrom(initial) : INITIAL, Object.fromEntries(INVOICE_TEXT_FIELDS.map((f) => [f, rule(f)])), { dependents });

  /** The InvoiceInput of the checkout: trimmed texts, empty ones left out. */
  const value = (): Invoice => {
    const v = form.values;
    const out = { invoiceType: v.invoiceType as InvoiceType, pickupMethod: v.pickupMethod as PickupMethod } as Invoice;
    for (const f of INVOICE_TEXT_FIELDS) out[f] = v[f].trim() || null;
    return out;
  };
  return { form, value, required: required(form.values) };
}

/** The form's values for an invoice given before (a purchase taken up again). */
function startingFrom(v: Invoice): Record<Field, string> {
  const out = { ...INITIAL, invoiceType: v.invoiceType, pickupMethod: v.pickupMethod ?? INITIAL.pickupMethod };
  for (const f of INVOICE_TEXT_FIELDS) out[f] = v[f] ?? '';
  return out;
}

type InvoiceFormState = ReturnType<typeof useInvoiceForm>;

/** The invoice switch (spec section 3: the fields are sent only when it is on). */
export function InvoiceSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Switch.Root recipe={switchRecipe} checked={on} onCheckedChange={(e) => onChange(e.checked)} colorPalette="blue" data-testid="invoice-switch">
      {/* A checkbox that reads as a switch (on / off) to assistive technology. */}
      <Switch.HiddenInput role="switch" />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{t('invoice.switch')}</Switch.Label>
    </Switch.Root>
  );
}

function Choice<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: V;
  options: [V, string][];
  onChange: (v: V) => void;
}) {
  return (
    <RadioGroup.Root recipe={radioGroupRecipe} value={value} onValueChange={(d) => d.value && onChange(d.value as V)} name={name} size="sm" colorPalette="blue">
      <RadioGroup.Label fontWeight="medium">{label}</RadioGroup.Label>
      <Stack direction="row" gap={5} mt={2}>
        {options.map(([v, text]) => (
          <RadioGroup.Item key={v} value={v} data-testid={`${name}-${v}`}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{text}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}

/** The invoice fields: type, payee and company details, then how the invoice is delivered. */
export function InvoiceFields({ invoice }: { invoice: InvoiceFormState }) {
  const { t } = useTranslation();
  const { form, required } = invoice;
  const text = (f: InvoiceTextField) => (
    <FormField key={f} label={t(`invoice.${f}`)} error={form.errors[f]} required={required.has(f)}>
      <TextInput {...form.bind(f)} type={f === 'contactMail' ? 'email' : 'text'} />
    </FormField>
  );
  const choice = <V extends string>(name: 'invoiceType' | 'pickupMethod', options: [V, string][]) => (
    <Choice<V> label={t(`invoice.${name}`)} name={name} value={form.values[name] as V} options={options} onChange={(v) => form.setValue(name, v)} />
  );
  return (
    <Stack gap={3} data-testid="invoice-fields" role="group" aria-label={t('invoice.title')}>
      <Heading as="h3" size="sm">
        {t('invoice.title')}
      </Heading>
      {choice<InvoiceType>('invoiceType', [
        ['VAT_GENERAL', t('invoice.types.VAT_GENERAL')],
        ['VAT_SPECIAL', t('invoice.types.VAT_SPECIAL')],
      ])}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={3}>
        {(['invoicePayable', 'taxpayerInden', 'services', 'registeredOffice', 'financePhone', 'accountOpeningBank', 'bankAccount'] as const).map(text)}
      </SimpleGrid>
      {choice<PickupMethod>('pickupMethod', [
        ['ELECTRONIC', t('invoice.pickups.ELECTRONIC')],
        ['EXPRESS', t('invoice.pickups.EXPRESS')],
      ])}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={3}>
        {(['contactMail', 'recipientName', 'contactArea', 'contactPhone', 'province', 'city', 'area', 'detailedAddress'] as const).map(text)}
      </SimpleGrid>
    </Stack>
  );
}
