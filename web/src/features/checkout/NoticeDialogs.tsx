import { Button, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { PreviousPaymentNotice, type PreviousPayment } from '../../components/ui/PreviousPaymentNotice';
import { ShopDialog } from '../../components/ui/ShopDialog';
import { DIALOG_WIDTH, SERVICE_EMAIL } from '../../lib/config';
import type { BankAccount } from './api';

function Notice({ title, testId, onClose, children }: { title: string; testId: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ShopDialog
      open
      onClose={onClose}
      title={title}
      width={DIALOG_WIDTH.login}
      testId={testId}
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
  bankAccount: BankAccount | null;
  /** An earlier payment of the order that stays payable at its provider. */
  previous?: PreviousPayment | null;
}

function AccountRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Text>
      {label}:{' '}
      <Text as="span" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Text>
  );
}

/** Bank transfer: 'submission successful' with the payment reference to quote. */
export function OfflineNoticeDialog({ notice, onClose }: { notice: OfflineNotice; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice title={t('purchase.offlineTitle')} testId="offline-dialog" onClose={onClose}>
      <Text fontWeight="semibold">{t('purchase.offlineBody')}</Text>
      {notice.previous ? <PreviousPaymentNotice previous={notice.previous} /> : null}
      {notice.bankAccount ? (
        <Stack gap={1} data-testid="offline-account">
          <Text>{t('purchase.offlineTransferTo')}</Text>
          <AccountRow label={t('purchase.offlinePayee')} value={notice.bankAccount.payee} testId="offline-payee" />
          <AccountRow label={t('purchase.offlineBank')} value={notice.bankAccount.bank} testId="offline-bank" />
          <AccountRow label="IBAN" value={notice.bankAccount.iban} testId="offline-iban" />
          <AccountRow label="BIC/SWIFT" value={notice.bankAccount.bic} testId="offline-bic" />
        </Stack>
      ) : null}
      {notice.reference ? <Text data-testid="offline-reference">{t('purchase.offlineReference', { reference: notice.reference })}</Text> : null}
      <Text data-testid="offline-amount">{t('purchase.offlineAmount', { amount: notice.amount, currency: notice.currency })}</Text>
      {notice.bankAccount ? <Text fontSize="sm">{t('purchase.offlineMailed')}</Text> : null}
      <Text fontSize="sm" color="fg.muted">
        {t('purchase.offlineDone')}
      </Text>
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
    <ShopDialog
      open
      onClose={onClose}
      title={t('purchase.emailNeededTitle')}
      width={DIALOG_WIDTH.login}
      testId="email-needed-dialog"
      role="alertdialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={onBind} data-testid="bind-email-link">
            {t('purchase.emailNeededAction')}
          </Button>
        </>
      }
    >
      <Text>{t('purchase.emailNeededBody')}</Text>
    </ShopDialog>
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
    <ShopDialog
      open
      onClose={onClose}
      title={t('pay.previousOpenDialogTitle')}
      width={DIALOG_WIDTH.login}
      testId="previous-payment-dialog"
      role="alertdialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={onContinue} data-testid="previous-payment-continue">
            {t('pay.previousOpenContinue')}
          </Button>
        </>
      }
    >
      <PreviousPaymentNotice previous={previous} />
    </ShopDialog>
  );
}
