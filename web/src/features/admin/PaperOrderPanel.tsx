import { Button, Checkbox, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/ui/FormField';
import { TextInput } from '../../components/ui/TextInput';
import { notify } from '../../components/ui/toaster';
import { messageOf } from '../../lib/errors';
import { useForm } from '../../lib/form';
import { storedLocale } from '../../lib/i18n';
import { checkboxRecipe } from '../../lib/theme';
import { PURCHASE_INFO_TEXT_FIELDS, REQUIRED_PURCHASE_INFO, purchaseInfoFrom, type PurchaseInfoTextField } from '../../lib/purchase-info';
import { checkEmail, checkPurchaseText } from '../../lib/validation';
import { ConfirmDialog } from './ConfirmDialog';
import { PAPER_ORDER_CHOICES, RECORD_PAPER_ORDER, type RecordPaperOrderInput } from './paper-api';
import { FilterSelect } from './Select';

const INFO_FIELDS = PURCHASE_INFO_TEXT_FIELDS;
type InfoField = PurchaseInfoTextField;
type Field = InfoField | 'buyerEmail' | 'bookId' | 'language' | 'quantity' | 'country' | 'remarks' | 'paymentReference';
const REQUIRED_INFO = REQUIRED_PURCHASE_INFO;

const EMPTY: Record<Field, string> = {
  buyerEmail: '',
  bookId: '',
  language: storedLocale(),
  quantity: '1',
  country: '',
  remarks: '',
  paymentReference: '',
  streetNumber: '',
  zip: '',
  town: '',
  province: '',
  vatId: '',
  landlineTel: '',
  letterbox: '',
  mobileTel: '',
  purchaseOrderNo: '',
};

/**
 * Paper books are sold through customer service (the spec's paper-book dialog): the operator
 * records the order for the buyer's account here; it waits for the bank transfer, or is settled at
 * once when the money has arrived.
 */
export function PaperOrderPanel() {
  const { t } = useTranslation();
  const zh = storedLocale() === 'zh';
  const { data } = useQuery(PAPER_ORDER_CHOICES, { variables: { language: storedLocale() } });
  const [record, { loading }] = useMutation(RECORD_PAPER_ORDER);
  const [markPaid, setMarkPaid] = useState(false);
  const [asking, setAsking] = useState<RecordPaperOrderInput | null>(null);
  // One key per order being recorded: a retried or repeated submit cannot record it twice.
  const idempotencyKey = useRef(crypto.randomUUID());

  const label = (f: Field) =>
    (INFO_FIELDS as readonly string[]).includes(f) ? t(`purchaseInfo.${f as InfoField}`) : t(`admin.paper.${f as Exclude<Field, InfoField>}`);
  const required = (v: string) => (v ? null : t('admin.paper.chooseRequired'));
  const text = (f: Field, max: number, needed: boolean) => (v: string) => {
    if (needed && !v.trim()) return t('validation.pleaseEnter', { field: label(f) });
    return [...v.trim()].length > max ? t(max === 64 ? 'validation.tooLong64' : 'admin.paper.tooLong', { field: label(f), max }) : null;
  };
  const form = useForm<Field>(EMPTY, {
    buyerEmail: (v) => {
      const k = checkEmail(v.trim());
      return k && t(`validation.${k}`);
    },
    bookId: required,
    language: required,
    country: required,
    quantity: (v) => (/^\d{1,2}$/.test(v) && Number(v) >= 1 ? null : t('admin.paper.quantityInvalid')),
    remarks: text('remarks', 255, false),
    paymentReference: text('paymentReference', 64, false),
    ...Object.fromEntries(
      INFO_FIELDS.map((f) => [
        f,
        (v: string) => {
          const k = checkPurchaseText(v, REQUIRED_INFO.has(f));
          return k && t(`validation.${k}`, { field: label(f) });
        },
      ]),
    ),
  });

  const books = data?.books ?? [];
  const book = books.find((b) => b.id === form.values.bookId);
  const opt = (s: string) => s.trim() || null;

  const ask = () => {
    if (!form.validate()) return;
    const v = form.values;
    setAsking({
      buyerEmail: v.buyerEmail.trim(),
      bookId: v.bookId,
      language: v.language === 'zh' ? 'zh' : 'en',
      country: v.country,
      quantity: Number(v.quantity),
      remarks: opt(v.remarks),
      markPaid,
      paymentReference: markPaid ? opt(v.paymentReference) : null,
      purchaseInfo: purchaseInfoFrom(v, v.country),
    });
  };

  const confirm = () => {
    if (!asking) return;
    record({ variables: { input: asking }, context: { headers: { 'Idempotency-Key': idempotencyKey.current } } }).then(
      (r) => {
        setAsking(null);
        idempotencyKey.current = crypto.randomUUID();
        const order = r.data?.recordPaperOrder.order;
        if (order) notify.success(t('admin.paper.recorded', { orderNo: order.orderNo, amount: order.amount, currency: order.currency }));
        form.reset(EMPTY);
        setMarkPaid(false);
      },
      (err: unknown) => {
        setAsking(null);
        notify.error(messageOf(err, t('common.errorOccurred')));
      },
    );
  };

  const input = (f: Field, required = false, type?: string) => (
    <FormField key={f} label={label(f)} error={form.errors[f]} required={required}>
      <TextInput {...form.bind(f)} size="sm" type={type} data-testid={`paper-${f}`} />
    </FormField>
  );
  /** A required pick from a list (the book, the mail's language, the country). */
  const choice = (f: 'bookId' | 'language' | 'country', options: { value: string; label: string }[]) => (
    <FilterSelect
      name={f}
      required
      fill
      allLabel={t('admin.paper.choose')}
      value={form.values[f]}
      onChange={(v) => form.setValue(f, v)}
      label={label(f)}
      error={form.errors[f]}
      testId={`paper-${f}`}
      options={options}
    />
  );
  const total = book ? (Number(book.price) * (Number(form.values.quantity) || 0)).toFixed(2) : null;

  return (
    <Stack gap={4} maxW="4xl" data-testid="paper-order-panel">
      <Heading as="h2" size="md">
        {t('admin.paper.title')}
      </Heading>
      <Text color="fg.muted">{t('admin.paper.intro')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={3}>
        {input('buyerEmail', true, 'email')}
        {choice(
          'bookId',
          books.map((b) => ({ value: b.id, label: `${b.title} (${b.price} ${b.currency})` })),
        )}
        {choice(
          'language',
          (['zh', 'en'] as const).map((l) => ({ value: l, label: t(`admin.paper.languages.${l}`) })),
        )}
        {input('quantity', true, 'number')}
        {choice(
          'country',
          (data?.countries ?? []).map((c) => ({ value: zh ? c.cn : c.en, label: zh ? c.cn : c.en })),
        )}
        {INFO_FIELDS.map((f) => input(f, REQUIRED_INFO.has(f)))}
      </SimpleGrid>
      {input('remarks')}
      <Checkbox.Root recipe={checkboxRecipe} checked={markPaid} onCheckedChange={(d) => setMarkPaid(d.checked === true)} data-testid="paper-markPaid">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('admin.paper.markPaid')}</Checkbox.Label>
      </Checkbox.Root>
      {markPaid ? input('paymentReference') : null}
      <Text data-testid="paper-total">{total ? t('admin.paper.total', { amount: total, currency: book!.currency }) : null}</Text>
      <Button alignSelf="start" colorPalette="blue" onClick={ask} loading={loading} data-testid="paper-submit">
        {t('admin.paper.submit')}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={t('admin.paper.confirmTitle')}
          question={t(asking.markPaid ? 'admin.paper.confirmPaid' : 'admin.paper.confirm', {
            quantity: asking.quantity,
            book: book?.title ?? '',
            email: asking.buyerEmail,
            amount: total ?? '',
            currency: book?.currency ?? '',
          })}
          busy={loading}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
          testId="paper-confirm"
        />
      ) : null}
    </Stack>
  );
}
