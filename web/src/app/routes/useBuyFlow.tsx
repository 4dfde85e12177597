import { Suspense, useEffect, useState } from 'react';
import type { CatalogBook, Format } from '../../features/catalog';
import type { PurchaseRequest } from '../../features/checkout';
// Not through the feature's index: that would pull the purchase dialogs into this page's chunk.
import { takeResumablePurchase } from '../../features/checkout/resume';
import { loginNeededReload } from '../../lib/login-gate';
import { useSession } from '../../lib/session';
import { lazyWithClient } from '../../lib/lazy';

// The purchase dialogs are a chunk of their own: most visitors never open them.
const PurchaseFlow = lazyWithClient(() => import('../../features/checkout/PurchaseFlow').then((m) => ({ default: m.PurchaseFlow })));

/**
 * Composes the catalog with the checkout (features do not import each other). Spec section 4:
 * paper → the paper-book dialog; no session → the login-needed flag and a reload; else the purchase dialog.
 */
export function useBuyFlow() {
  const { user, loading } = useSession();
  const [request, setRequest] = useState<PurchaseRequest | null>(null);

  // A purchase sent through WeChat's web authorization comes back to this page and goes on.
  useEffect(() => {
    if (loading || !user) return;
    const resume = takeResumablePurchase(user.userId);
    if (resume) setRequest({ book: resume.book, format: resume.format, resume });
  }, [loading, user]);

  const onBuy = (book: CatalogBook, format: Format) => {
    const next = { book: { id: book.id, title: book.title, price: book.price, currency: book.currency }, format };
    if (format === 'PAPER') {
      setRequest(next);
      return;
    }
    // Spec section 4, step 3: no session → remember that a login is needed and reload; the
    // reloaded page opens the login (app/RootLayout.tsx).
    // While the session is still being asked for, nobody is known yet: not a guest either.
    if (!user) {
      if (!loading) loginNeededReload();
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
