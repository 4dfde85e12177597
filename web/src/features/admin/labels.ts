import type { TFunction } from 'i18next';
import type { AdminOrder } from './api';

export const STATUSES = ['PENDING_PAYMENT', 'PAID', 'EXPIRED'] as const;
export const PROVIDERS = ['WECHAT', 'ALIPAY', 'PAYPAL', 'BANK_TRANSFER'] as const;
export const SHIPPING = ['NOT_SHIPPED', 'SHIPPED'] as const;
export const INVOICE_STATUSES = ['REQUIRED', 'ISSUED', 'NONE'] as const;

/** A provider's name in the reader's language; one newer than this build shows as its code. */
export function providerLabel(t: TFunction, provider: string): string {
  return (PROVIDERS as readonly string[]).includes(provider) ? t(`admin.providers.${provider as (typeof PROVIDERS)[number]}`) : provider;
}

/** How the order is paid: the provider, else the pay type. */
export function paymentLabel(t: TFunction, o: Pick<AdminOrder, 'provider' | 'payType'>): string {
  if (o.provider) return t(`admin.providers.${o.provider}`);
  return o.payType === 3 ? t('admin.payTypes.offline') : t('admin.payTypes.online');
}

export function statusColor(status: AdminOrder['status']): string {
  return status === 'PAID' ? 'green.700' : status === 'PENDING_PAYMENT' ? 'red.600' : 'fg.muted';
}
