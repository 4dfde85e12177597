import { Combobox, Field, useFilter, useListCollection } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { TextInput } from '../../components/ui/TextInput';
import { storedLocale } from '../../lib/i18n';
import { comboboxRecipe, fieldRecipe } from '../../lib/theme';
import { COUNTRIES } from './api';

interface Props {
  /** The stored value: the country's English or Chinese name, depending on the UI language. */
  value: string;
  onChange: (name: string) => void;
  error?: string | null;
  label: string;
  /** Takes the focus once the countries are there (the first field of the purchase dialog). */
  autoFocus?: boolean;
  /** Country code chosen when the select opens empty (spec: 001, China); the buyer may clear it. */
  defaultCode?: string;
}

interface Option {
  label: string;
  value: string;
  code: string;
}

/** Required, searchable and clearable select of about 240 countries, named in the UI language. */
export function CountrySelect({ value, onChange, error, label, autoFocus, defaultCode }: Props) {
  const { t } = useTranslation();
  const { data } = useQuery(COUNTRIES);
  const zh = storedLocale() === 'zh';
  const options = useMemo<Option[]>(() => (data?.countries ?? []).map((c) => ({ label: zh ? c.cn : c.en, value: zh ? c.cn : c.en, code: c.code })), [data, zh]);
  // The default is set once, when the countries arrive: a buyer who clears it keeps it empty.
  const defaulted = useRef(false);
  const preset = defaultCode && !defaulted.current && !value ? options.find((o) => o.code === defaultCode) : undefined;
  useEffect(() => {
    if (!options.length || defaulted.current) return;
    defaulted.current = true;
    if (preset) onChange(preset.value);
  }, [options, preset, onChange]);
  if (!data || preset) return <TextInput aria-label={label} placeholder={t('common.loading')} disabled />;
  return <CountryCombobox options={options} value={value} onChange={onChange} error={error} label={label} autoFocus={autoFocus} />;
}

/** Mounted once the countries are there, so a preset value shows its name at once. */
function CountryCombobox({ options, value, onChange, error, label, autoFocus }: Props & { options: Option[] }) {
  const { t } = useTranslation();
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection<Option>({ initialItems: options, filter: contains });

  return (
    <Field.Root recipe={fieldRecipe} invalid={!!error} required>
      <Combobox.Root
        recipe={comboboxRecipe}
        collection={collection}
        value={value ? [value] : []}
        onValueChange={(d) => onChange(d.value[0] ?? '')}
        onInputValueChange={(d) => filter(d.inputValue)}
        onOpenChange={(d) => d.open && filter('')}
        openOnClick
        inputBehavior="autohighlight"
        positioning={{ strategy: 'fixed', sameWidth: true }}
        data-testid="country-select"
      >
        <Combobox.Label>
          {label}
          <Field.RequiredIndicator />
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={t('purchase.countryPlaceholder')} autoFocus={autoFocus} />
          <Combobox.IndicatorGroup>
            <Combobox.ClearTrigger aria-label={t('purchase.clearCountry')} />
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        {/* Not portalled: inside a dialog the list must stay within its focus scope. */}
        <Combobox.Positioner>
          <Combobox.Content maxH="260px" overflowY="auto">
            <Combobox.Empty>{t('purchase.noCountry')}</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item item={item} key={item.code}>
                {item.label}
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      <Field.ErrorText data-testid="field-error">{error}</Field.ErrorText>
    </Field.Root>
  );
}
