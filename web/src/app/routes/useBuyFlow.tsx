import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/ui/toaster';
import type { CatalogBook, Format } from '../../features/catalog';
import type { PurchaseRequest } from '../../features/checkout';
import { openAuth } from '../../lib/auth-dialog';
import { useSession } from '../../lib/session';
import { lazyWithTexts } from '../lazy';

// The purchase dialogs are a chunk of their own: most visitors never open them.
const PurchaseFlow = lazyWithTexts(() => import('../../features/checkout/PurchaseFlow').then((m) => ({ default: m.PurchaseFlow })));

/**
 * Composes the catalog with the checkout (features do not import each other). Spec section 4:
 * paper → the paper-book dialog; no session → login; else the purchase dialog.
 */
export function useBuyFlow() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [request, setRequest] = useState<PurchaseRequest | null>(null);

  const onBuy = (book: CatalogBook, format: Format) => {
    const next = { book: { id: book.id, title: book.title, price: book.price, currency: book.currency }, format };
    if (format === 'PAPER') {
      setRequest(next);
      return;
    }
    if (!user) {
      notify.info(t('nav.loginFirst'));
      openAuth('login');
      return;
    }
    setRequest(next);
  };

  const dialogs = request ? (
    <Suspense fallback={null}>
      <PurchaseFlow request={request} onClose={() => setRequest(null)} />
    </Suspense>
  ) : null;

  return { onBuy, dialogs };
}
