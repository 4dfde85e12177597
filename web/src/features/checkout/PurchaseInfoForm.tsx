import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from '../../lib/use-translation';
import { TextInput } from '../../components/ui/TextInput';
import { FormField } from '../../components/ui/FormField';
import { SellerIdentity } from '../../components/ui/SellerIdentity';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { DIALOG_WIDTH } from '../../lib/config';
import { useForm } from '../../lib/form';
import { PURCHASE_INFO_TEXT_FIELDS, REQUIRED_PURCHASE_INFO, purchaseInfoFrom } from '../../lib/purchase-info';
import { checkPurchaseText } from '../../lib/validation';
import type { PurchaseInfoInput } from './api';
import { CountrySelect } from './CountrySelect';

const TEXT_FIELDS = PURCHASE_INFO_TEXT_FIELDS;
type Field = (typeof TEXT_FIELDS)[number] | 'country';
const REQUIRED = new Set<Field>([...(REQUIRED_PURCHASE_INFO as Set<Field>), 'country']);

interface Props {
  country: string;
  busy: boolean;
  onSubmit: (info: PurchaseInfoInput) => void;
  onClose: () => void;
}

/** Purchase information (street, ZIP, city, country required; every text at most 64). */
export function PurchaseInfoForm({ country, busy, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const label = (f: Field) => t(`purchaseInfo.${f}`);
  const rule = (f: Field) => (v: string) => {
    if (f === 'country') return v ? null : t('validation.countryRequired');
    const k = checkPurchaseText(v, REQUIRED.has(f));
    return k && t(`validation.${k}`, { field: label(f) });
  };
  const initial = { streetNumber: '', zip: '', town: '', province: '', vatId: '', landlineTel: '', letterbox: '', mobileTel: '', purchaseOrderNo: '', country };
  const form = useForm<Field>(
    initial,
    Object.fromEntries([...TEXT_FIELDS, 'country'].map((f) => [f, rule(f as Field)])) as Record<Field, (v: string) => string | null>,
  );

  const submit = () => {
    if (!form.validate()) return;
    onSubmit(purchaseInfoFrom(form.values, form.values.country));
  };

  const text = (f: (typeof TEXT_FIELDS)[number]) => (
    <FormField key={f} label={label(f)} error={form.errors[f]} required={REQUIRED.has(f)}>
      <TextInput {...form.bind(f)} />
    </FormField>
  );

  return (
    <ShopDialog
      open
      onClose={onClose}
      title={t('purchaseInfo.title')}
      width={DIALOG_WIDTH.purchaseInfo}
      testId="purchase-info-dialog"
      footer={<DialogActions onCancel={onClose} onAct={submit} busy={busy} testId="purchase-info-submit" label={t('purchaseInfo.submit')} />}
    >
      <Stack gap={3}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={3}>
          {text('streetNumber')}
          {text('zip')}
          {text('town')}
          {text('province')}
        </SimpleGrid>
        <CountrySelect
          value={form.values.country}
          onChange={(name) => {
            form.setValue('country', name);
            form.validateField('country');
          }}
          error={form.errors.country}
          label={label('country')}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={3}>
          {text('vatId')}
          {text('landlineTel')}
          {text('letterbox')}
          {text('mobileTel')}
          {text('purchaseOrderNo')}
        </SimpleGrid>
        <SellerIdentity />
      </Stack>
    </ShopDialog>
  );
}
