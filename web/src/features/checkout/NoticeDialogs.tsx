import { Button, QrCode, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { PreviousPaymentNotice, type PreviousPayment } from '../../components/ui/PreviousPaymentNotice';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { SellerIdentity } from '../../components/ui/SellerIdentity';
import { DIALOG_WIDTH, SERVICE_EMAIL } from '../../lib/config';
import { epcPayload } from '../../lib/epc-qr';
import { formatDay } from '../../lib/format';
import { qrCodeRecipe } from '../../lib/theme';
import type { BankAccount } from './api';

function Notice({
  title,
  testId,
  onClose,
  children,
  focusableBody = false,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
  /** A long notice scrolls on small screens: keyboard users must reach its body to scroll it. */
  focusableBody?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ShopDialog
      open
      onClose={onClose}
      title={title}
      width={DIALOG_WIDTH.login}
      testId={testId}
      focusableBody={focusableBody}
      footer={
        <Button colorPalette="blue" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
    >
      <Stack gap={3}>{children}</Stack>
    </ShopDialog>
  );
}

/** Paper books are sold through customer service. */
export function PaperBookDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice title={t('purchase.paperTitle')} testId="paper-dialog" onClose={onClose}>
      <Text>{t('purchase.paperBody', { email: SERVICE_EMAIL })}</Text>
    </Notice>
  );
}

/** A purchase that needed no further payment step. */
export function PurchaseSuccessDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice title={t('purchase.successTitle')} testId="purchase-success-dialog" onClose={onClose}>
      <Text>{t('purchase.successBody', { email: SERVICE_EMAIL })}</Text>
    </Notice>
  );
}

export interface OfflineNotice {
  reference: string | null;
  amount: string;
  currency: string;
  /** ISO 8601: the order is cancelled if the money has not arrived by then. */
  payBy: string;
  bankAccount: BankAccount | null;
  /** An earlier payment of the order that stays payable at its provider. */
  previous?: PreviousPayment | null;
}

function AccountRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Text>
      {label}
      {t('common.colon')}
      <Text as="span" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Text>
  );
}

/** The transfer as a SEPA banking app reads it from a scan (EPC QR, "GiroCode"); EUR only. */
function GiroCode({ account, amount, currency, reference }: { account: BankAccount; amount: string; currency: string; reference: string | null }) {
  const { t } = useTranslation();
  const payload =
    currency === 'EUR' && reference ? epcPayload({ bic: account.bic, name: account.payee, iban: account.iban, amount, remittance: reference }) : null;
  if (!payload) return null;
  return (
    <Stack direction="row" gap={3} align="center">
      <QrCode.Root recipe={qrCodeRecipe} value={payload} size="sm" encoding={{ ecc: 'M' }} data-testid="giro-code" data-payload={payload}>
        <QrCode.Frame>
          <QrCode.Pattern />
        </QrCode.Frame>
      </QrCode.Root>
      <Text fontSize="sm">{t('purchase.giroCode')}</Text>
    </Stack>
  );
}

/**
 * Bank transfer: 'submission successful', then everything a wire from a Chinese bank asks for
 * (beneficiary and bank with their addresses, IBAN and BIC), the charges instruction, the
 * reference to quote, the amount, the day to pay by, and who sells.
 */
export function OfflineNoticeDialog({ notice, onClose }: { notice: OfflineNotice; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const account = notice.bankAccount;
  return (
    <Notice title={t('purchase.offlineTitle')} testId="offline-dialog" onClose={onClose} focusableBody>
      <Text fontWeight="semibold">{t('purchase.offlineBody')}</Text>
      {notice.previous ? <PreviousPaymentNotice previous={notice.previous} /> : null}
      {account ? (
        <Stack gap={1} data-testid="offline-account">
          <Text>{t('purchase.offlineTransferTo')}</Text>
          <AccountRow label={t('purchase.offlinePayee')} value={account.payee} testId="offline-payee" />
          {account.payeeAddress ? <AccountRow label={t('purchase.offlinePayeeAddress')} value={account.payeeAddress} testId="offline-payee-address" /> : null}
          <AccountRow label={t('purchase.offlineBank')} value={account.bank} testId="offline-bank" />
          {account.bankAddress ? <AccountRow label={t('purchase.offlineBankAddress')} value={account.bankAddress} testId="offline-bank-address" /> : null}
          <AccountRow label="IBAN" value={account.iban} testId="offline-iban" />
          <AccountRow label="BIC/SWIFT" value={account.bic} testId="offline-bic" />
        </Stack>
      ) : null}
      {notice.reference ? <Text data-testid="offline-reference">{t('purchase.offlineReference', { reference: notice.reference })}</Text> : null}
      <Text data-testid="offline-amount">{t('purchase.offlineAmount', { amount: notice.amount, currency: notice.currency })}</Text>
      <Text fontWeight="semibold" data-testid="offline-pay-by" data-pay-by={notice.payBy}>
        {t('purchase.offlinePayByNote', { date: formatDay(notice.payBy, lang) })}
      </Text>
      {account ? (
        <Text fontSize="sm" data-testid="offline-charges" data-charges={account.charges}>
          {t('purchase.offlineChargesLabel')}
          {t('common.colon')}
          {t(`purchase.offlineCharges.${account.charges}`, { amount: notice.amount, currency: notice.currency })}
        </Text>
      ) : null}
      {account ? <GiroCode account={account} amount={notice.amount} currency={notice.currency} reference={notice.reference} /> : null}
      {account ? <Text fontSize="sm">{t('purchase.offlineMailed')}</Text> : null}
      <Text fontSize="sm" color="fg.muted">
        {t('purchase.offlineDone')}
      </Text>
      <SellerIdentity />
    </Notice>
  );
}

/**
 * A phone-only account wants an e-book: the PDF's password is the login email, so one must be bound
 * first (the checkout refuses it too, EMAIL_REQUIRED). Leads to the account page where it is bound.
 */
export function EmailNeededDialog({ onClose, onBind }: { onClose: () => void; onBind: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('purchase.emailNeededTitle')}
      testId="email-needed-dialog"
      onClose={onClose}
      onConfirm={onBind}
      confirmLabel={t('purchase.emailNeededAction')}
      confirmTestId="bind-email-link"
    >
      <Text>{t('purchase.emailNeededBody')}</Text>
    </ConfirmDialog>
  );
}

/**
 * Before the buyer leaves for the new method's page (a provider's form or approval page, or WeChat's
 * in-app payment): the earlier payment page of the order stays payable until a time, and is not to
 * be paid.
 */
export function PreviousPaymentDialog({ previous, onContinue, onClose }: { previous: PreviousPayment; onContinue: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('pay.previousOpenDialogTitle')}
      testId="previous-payment-dialog"
      onClose={onClose}
      onConfirm={onContinue}
      confirmLabel={t('pay.previousOpenContinue')}
      confirmTestId="previous-payment-continue"
    >
      <PreviousPaymentNotice previous={previous} />
    </ConfirmDialog>
  );
}

/**
 * On the way to a provider's page (Alipay's cashier, PayPal's approval): the buyer sees where they
 * go and who sells while the browser leaves; `onReady` sends them once the dialog is shown.
 */
export function HandOffDialog({ provider, onReady, onClose }: { provider: 'ALIPAY' | 'PAYPAL'; onReady: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const name = t(`pay.providers.${provider}`);
  useEffect(() => {
    onReady();
    // Once: the page is left, a re-render must not send the form again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <ShopDialog open onClose={onClose} title={t('pay.handOffTitle', { provider: name })} width={DIALOG_WIDTH.login} testId="hand-off-dialog">
      <Stack gap={3}>
        <Stack direction="row" align="center" gap={2}>
          <Spinner size="sm" />
          <Text>{t('pay.handOff', { provider: name })}</Text>
        </Stack>
        <SellerIdentity />
      </Stack>
    </ShopDialog>
  );
}
