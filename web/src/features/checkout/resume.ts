import type { Invoice } from '../../lib/invoice';
import type { BookFormat, PaymentMethod, PurchaseInfoInput } from './api';
import type { PurchaseBook } from './PurchaseDialog';

/** A purchase the buyer submitted that is waiting for WeChat to name the payer. */
export interface ResumablePurchase {
  userId: string;
  book: PurchaseBook;
  format: BookFormat;
  country: string;
  method: PaymentMethod;
  invoice: Invoice | null;
  purchaseInfo: PurchaseInfoInput | null;
  idempotencyKey: string;
  savedAt: number;
}

const KEY = 'shop:purchase-awaiting-wechat';
// As long as the gateway keeps the authorization's state: a later return is a new visit.
const KEPT_MS = 10 * 60 * 1000;

/**
 * Kept for the round trip through WeChat's web authorization, which reloads the page: back with
 * the payer known, the buyer's purchase goes on instead of starting over. sessionStorage, so it
 * stays with this tab and goes with it.
 */
export function keepPurchaseForAuthorization(p: Omit<ResumablePurchase, 'savedAt'>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...p, savedAt: Date.now() }));
  } catch {
    // storage refused (private mode): the buyer chooses again after the return
  }
}

/** The kept purchase of this buyer, taken once; null when there is none, it is stale or another buyer's. */
export function takeResumablePurchase(userId: string): ResumablePurchase | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as ResumablePurchase;
    const fresh = typeof p.savedAt === 'number' && Date.now() - p.savedAt >= 0 && Date.now() - p.savedAt < KEPT_MS;
    return fresh && p.userId === userId && p.book?.id && p.method ? p : null;
  } catch {
    return null;
  }
}
