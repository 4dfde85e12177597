import { Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { SellerIdentity } from '../../components/ui/SellerIdentity';
import { ServiceEmail } from '../../components/ui/ServiceEmail';
import { AgreeNote } from '../legal';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { DEFAULT_COUNTRY_CODE, DIALOG_WIDTH } from '../../lib/config';
import { separatorRecipe } from '../../lib/theme';
import type { Invoice } from '../../lib/invoice';
import type { BookFormat, PaymentMethod } from './api';
import { CountrySelect } from './CountrySelect';
import { InvoiceFields, InvoiceSwitch, useInvoiceForm } from './InvoiceForm';
import { PaymentChoice, payTypeOf, providerMethods } from './PaymentChoice';

export interface PurchaseBook {
  id: string;
  title: string;
  price: string;
  currency: string;
}

interface Props {
  book: PurchaseBook;
  format: BookFormat;
  busy: boolean;
  /** The invoice is null unless the invoice switch is on. */
  onSubmit: (country: string, method: PaymentMethod, invoice: Invoice | null) => void;
  onClose: () => void;
  /** The choices of a purchase taken up again (after WeChat named the payer). */
  initial?: { country: string; method: PaymentMethod; invoice: Invoice | null };
}

/** Country, the e-book note, the invoice, the service email and the payment choice (spec sections 2, 3). */
export function PurchaseDialog({ book, format, busy, onSubmit, onClose, initial }: Props) {
  const { t } = useTranslation();
  const [country, setCountry] = useState(initial?.country ?? '');
  const [countryError, setCountryError] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>(initial?.method ?? providerMethods()[0]!);
  const [invoiceOn, setInvoiceOn] = useState(!!initial?.invoice);
  const invoice = useInvoiceForm(initial?.invoice);

  const changeCountry = (name: string) => {
    setCountry(name);
    setCountryError(name ? null : t('validation.countryRequired'));
  };
  const submit = () => {
    // The country is validated first, then the order is submitted.
    if (!country) {
      setCountryError(t('validation.countryRequired'));
      return;
    }
    if (invoiceOn && !invoice.form.validate()) return;
    onSubmit(country, method, invoiceOn ? invoice.value() : null);
  };

  return (
    <ShopDialog
      open
      onClose={onClose}
      title={t('purchase.title')}
      width={DIALOG_WIDTH.purchase}
      testId="purchase-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          onAct={submit}
          busy={busy}
          colorPalette="brand"
          testId="purchase-submit"
          label={payTypeOf(method) === 3 ? t('purchase.agreeAndSubmit') : t('purchase.agreeAndPay')}
        />
      }
    >
      <Stack gap={4}>
        <Text>
          <Text as="span" fontWeight="semibold">
            {t('purchase.book')}
            {t('common.colon')}
          </Text>
          {book.title} {t('common.inParens', { text: format === 'EBOOK' ? t('books.ebook') : t('books.paper') })}
        </Text>
        <Text>
          <Text as="span" fontWeight="semibold">
            {t('purchase.price')}
            {t('common.colon')}
          </Text>
          {book.price} {book.currency} {t('books.vat')}
        </Text>
        <CountrySelect
          value={country}
          onChange={changeCountry}
          error={countryError}
          label={t('purchase.country')}
          autoFocus
          defaultCode={DEFAULT_COUNTRY_CODE}
        />
        {format === 'EBOOK' ? (
          <Text color="red.600" fontSize="sm" data-testid="ebook-note">
            {t('purchase.ebookNote')}
          </Text>
        ) : null}
        <Separator recipe={separatorRecipe} />
        <InvoiceSwitch on={invoiceOn} onChange={setInvoiceOn} />
        {invoiceOn ? <InvoiceFields invoice={invoice} /> : null}
        <Separator recipe={separatorRecipe} />
        <PaymentChoice value={method} onChange={setMethod} />
        <Separator recipe={separatorRecipe} />
        <Text fontSize="sm">
          {t('purchase.serviceEmail')}
          {t('common.colon')}
          <ServiceEmail />
        </Text>
        <AgreeNote i18nKey="purchase.agreeNote" />
        <SellerIdentity />
      </Stack>
    </ShopDialog>
  );
}
