import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../components/ui/toaster';
import { apiError, messageOf } from '../../lib/errors';
import { storedLocale } from '../../lib/i18n';
import type { Invoice } from '../../lib/invoice';
import { useSession } from '../../lib/session';
import { CHECKOUT, ORDER_STATUS, type BookFormat, type PaymentMethod, type PurchaseInfoInput } from './api';
import { afterCheckout, payInWeChat, previousPayment, submitProviderForm, wechatAuthorizeUrl, type AfterCheckout } from './next-action';
import type { PreviousPayment } from '../../components/ui/PreviousPaymentNotice';
import {
  EmailNeededDialog,
  HandOffDialog,
  OfflineNoticeDialog,
  PaperBookDialog,
  PreviousPaymentDialog,
  PurchaseSuccessDialog,
  type OfflineNotice,
} from './NoticeDialogs';
import { PurchaseDialog, type PurchaseBook } from './PurchaseDialog';
import { PurchaseInfoForm } from './PurchaseInfoForm';
import { keepPurchaseForAuthorization, type ResumablePurchase } from './resume';
import { storedOpenOrder, storeOpenOrder } from './stored-order';

export interface PurchaseRequest {
  book: PurchaseBook;
  format: BookFormat;
  /** A purchase submitted before WeChat's web authorization: it goes on at once. */
  resume?: ResumablePurchase;
}

type Step =
  | { kind: 'purchase' }
  | { kind: 'emailNeeded' }
  | { kind: 'info'; country: string }
  | { kind: 'offline'; notice: OfflineNotice }
  | { kind: 'success' }
  | { kind: 'previous'; previous: PreviousPayment; next: AfterCheckout; orderNo: string }
  | { kind: 'handOff'; next: Extract<AfterCheckout, { kind: 'form' | 'redirect' }>; provider: 'ALIPAY' | 'PAYPAL' };

/** The buy flow after "Buy now" (spec section 4): dialogs, checkout, then the payment step. */
export function PurchaseFlow({ request, onClose }: { request: PurchaseRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [checkout] = useMutation(CHECKOUT);
  const { user } = useSession();
  // A phone-only account is told before any form that an e-book needs a bound email.
  const [step, setStep] = useState<Step>(() => (request.format === 'EBOOK' && user && !user.email ? { kind: 'emailNeeded' } : { kind: 'purchase' }));
  const [busy, setBusy] = useState(false);
  // One key per purchase attempt: a retried submit cannot create a second payment.
  const resume = request.resume;
  const idempotencyKey = useRef(resume?.idempotencyKey ?? crypto.randomUUID());
  const method = useRef<PaymentMethod>(resume?.method ?? 'PAYPAL');
  const invoice = useRef<Invoice | null>(resume?.invoice ?? null);
  const resumed = useRef(false);

  // Back from WeChat with the payer known: the submitted purchase goes on, as the buyer asked.
  useEffect(() => {
    if (!resume || resumed.current) return;
    resumed.current = true;
    void submit(resume.country, resume.purchaseInfo ?? undefined);
    // Once, on mount: `submit` is declared below the paper dialog's early return, so it cannot be
    // a dependency (and the purchase must not be resubmitted when it changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (request.format === 'PAPER') return <PaperBookDialog onClose={onClose} />;

  /** A stored unpaid, unexpired order of this book that meanwhile got paid needs no new payment. */
  const storedOrderPaid = async (): Promise<boolean> => {
    const orderNo = storedOpenOrder();
    if (!orderNo) return false;
    const { data } = await client.query({ query: ORDER_STATUS, variables: { orderNo }, fetchPolicy: 'network-only' }).catch(() => ({ data: undefined }));
    const order = data?.order;
    if (!order || order.status === 'PENDING_PAYMENT') return false;
    storeOpenOrder(null);
    return order.status === 'PAID' && order.bookId === request.book.id && order.format === request.format;
  };

  const submit = async (country: string, purchaseInfo?: PurchaseInfoInput) => {
    setBusy(true);
    try {
      if (await storedOrderPaid()) {
        notify.info(t('purchase.paidAlready'));
        await client.refetchQueries({ include: 'active' });
        onClose();
        return;
      }
      // The in-app payer is whoever WeChat's web authorization named for this session (server side).
      const { data } = await checkout({
        variables: {
          input: {
            bookId: request.book.id,
            format: request.format,
            language: storedLocale(),
            country,
            paymentMethod: method.current,
            ...(purchaseInfo ? { purchaseInfo } : {}),
            ...(invoice.current ? { invoice: invoice.current } : {}),
          },
        },
        context: { headers: { 'Idempotency-Key': idempotencyKey.current } },
      });
      if (!data) throw new Error('no checkout answer');
      const r = data.checkout;
      storeOpenOrder(r.order.status === 'PENDING_PAYMENT' ? r.order.orderNo : null, r.order.expiresAt);
      idempotencyKey.current = crypto.randomUUID();
      const next = afterCheckout(r);
      const previous = previousPayment(r);
      // Leaving for the new method's page: the buyer is told first that the earlier one stays payable.
      if (previous && (next.kind === 'form' || next.kind === 'redirect' || next.kind === 'jsapi'))
        setStep({ kind: 'previous', previous, next, orderNo: r.order.orderNo });
      else await act(next, r.order.orderNo, previous);
    } catch (err) {
      // WeChat has not yet told the shop who this buyer is: ask it (a silent redirect inside WeChat).
      // Once only: a purchase taken up after the authorization is not sent round again.
      if (apiError(err).code === 'WECHAT_AUTH_REQUIRED' && !resume && user) {
        keepPurchaseForAuthorization({
          userId: user.userId,
          book: request.book,
          format: request.format,
          country,
          method: method.current,
          invoice: invoice.current,
          purchaseInfo: purchaseInfo ?? null,
          idempotencyKey: idempotencyKey.current,
        });
        window.location.assign(wechatAuthorizeUrl());
        return;
      }
      if (apiError(err).code === 'EMAIL_REQUIRED') setStep({ kind: 'emailNeeded' });
      else notify.error(messageOf(err, t('purchase.failed')));
    } finally {
      setBusy(false);
    }
  };

  const act = async (next: AfterCheckout, orderNo: string, previous: PreviousPayment | null = null) => {
    switch (next.kind) {
      case 'qr':
        onClose();
        navigate(next.path);
        return;
      case 'form':
      case 'redirect':
        // The provider's page is theirs: on the way, the buyer sees whom they pay (HandOffDialog).
        setStep({ kind: 'handOff', next, provider: method.current === 'ALIPAY' ? 'ALIPAY' : 'PAYPAL' });
        return;
      case 'jsapi': {
        const paid = payInWeChat(next.paySign);
        if (!paid) {
          notify.error(t('purchase.jsapiUnavailable'));
          return;
        }
        if (!(await paid)) {
          notify.error(t('pay.failed'));
          return;
        }
        onClose();
        navigate(`/views/pay/WxPayResult?orderNo=${encodeURIComponent(orderNo)}`);
        return;
      }
      case 'offline':
        setStep({ kind: 'offline', notice: { ...next, previous } });
        await client.refetchQueries({ include: 'active' });
        return;
      case 'done':
        setStep({ kind: 'success' });
        await client.refetchQueries({ include: 'active' });
    }
  };

  switch (step.kind) {
    case 'emailNeeded':
      return (
        <EmailNeededDialog
          onClose={onClose}
          onBind={() => {
            onClose();
            navigate('/account');
          }}
        />
      );
    case 'offline':
      return <OfflineNoticeDialog notice={step.notice} onClose={onClose} />;
    case 'previous':
      return <PreviousPaymentDialog previous={step.previous} onClose={onClose} onContinue={() => void act(step.next, step.orderNo)} />;
    case 'success':
      return <PurchaseSuccessDialog onClose={onClose} />;
    case 'handOff':
      return (
        <HandOffDialog
          provider={step.provider}
          onClose={onClose}
          onReady={() => (step.next.kind === 'form' ? submitProviderForm(step.next.body) : window.location.assign(step.next.href))}
        />
      );
    case 'info':
      return <PurchaseInfoForm country={step.country} busy={busy} onClose={onClose} onSubmit={(info) => void submit(info.country, info)} />;
    default:
      return (
        <PurchaseDialog
          book={request.book}
          format={request.format}
          busy={busy}
          onClose={onClose}
          initial={resume ? { country: resume.country, method: resume.method, invoice: resume.invoice } : undefined}
          onSubmit={(country, m, inv) => {
            method.current = m;
            // Spec section 3: the invoice fields are sent only when the invoice switch is on.
            invoice.current = inv;
            // Bank transfer needs the purchase information for the invoice first.
            if (m === 'BANK_TRANSFER') setStep({ kind: 'info', country });
            else void submit(country);
          }}
        />
      );
  }
}
