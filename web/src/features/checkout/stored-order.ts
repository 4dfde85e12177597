import { readStored, writeStored } from '../../lib/storage';

/** The last unpaid order and its expiry (spec: orderNo, orderExpire stored client-side). */
export function storedOpenOrder(): string | null {
  const orderNo = readStored('orderNo');
  const expire = Number(readStored('orderExpire'));
  if (!orderNo || !Number.isFinite(expire) || expire <= Date.now()) return null;
  return orderNo;
}

export function storeOpenOrder(orderNo: string | null, expiresAt?: string): void {
  writeStored('orderNo', orderNo);
  writeStored('orderExpire', orderNo && expiresAt ? String(new Date(expiresAt).getTime()) : null);
}
