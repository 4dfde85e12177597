// Business constants of spec section 9 and the build-time settings of the storefront.

/** Base path the gateway serves the SPA under, with a trailing slash (e.g. /shop/). */
export const BASE = import.meta.env.BASE_URL;
/** React Router's basename: the base path without its trailing slash. */
export const ROUTER_BASENAME = BASE.replace(/\/$/, '');

interface ServerSettings {
  serviceEmail?: string;
  serviceEmail2?: string;
  serviceHotline?: string;
  homeUrl?: { en?: string; zh?: string };
  externalLoginUrl?: string | null;
  brand?: { name?: { en?: string; zh?: string }; color?: string; markUrl?: string; seller?: Partial<Seller> };
  timeZone?: string;
}

/** Who sells (the gateway's SELLER_* settings): shown on every page that takes money. */
export interface Seller {
  name: { en: string; zh: string };
  address: { en: string; zh: string };
  registration: string;
}

/** The deployment's settings, which the gateway writes into index.html (see gateway/src/plugins/spa-settings.ts). */
function serverSettings(): ServerSettings {
  // Prerendering in the gateway: it hands the same settings over before loading the renderer.
  if (typeof document === 'undefined') return (globalThis as { shopPrerenderSettings?: ServerSettings }).shopPrerenderSettings ?? {};
  try {
    const block = document.getElementById('shop-settings');
    return block?.textContent ? (JSON.parse(block.textContent) as ServerSettings) : {};
  } catch {
    return {};
  }
}
const server = serverSettings();

/** The two info mailboxes and the hotline: the gateway's settings, else the build's, else examples. */
export const SERVICE_EMAIL = server.serviceEmail ?? import.meta.env.VITE_SERVICE_EMAIL ?? 'info@example.org';
export const SERVICE_EMAIL_2 = server.serviceEmail2 ?? import.meta.env.VITE_SERVICE_EMAIL_2 ?? 'service@example.org';
export const SERVICE_HOTLINE = server.serviceHotline ?? import.meta.env.VITE_SERVICE_HOTLINE ?? '+86 400 000 0000';

/** The external home page, one per language. */
export const HOME_URL = {
  en: server.homeUrl?.en ?? import.meta.env.VITE_HOME_URL_EN ?? 'https://example.org/en/',
  zh: server.homeUrl?.zh ?? import.meta.env.VITE_HOME_URL_ZH ?? 'https://example.org/zh/',
} as const;

/**
 * The external login page (spec section 2: login goes to a separate home page with access=login
 * or access=order). Unset by default: the in-app login dialog is used instead. The gateway's
 * EXTERNAL_LOGIN_URL decides, null included; the build's value only applies without a gateway.
 */
export const EXTERNAL_LOGIN_URL: string | null =
  server.externalLoginUrl !== undefined ? server.externalLoginUrl : import.meta.env.VITE_EXTERNAL_LOGIN_URL || null;

/** The shop's name per language, colour and mark: the gateway's BRAND_* settings. */
export const BRAND = {
  name: { en: server.brand?.name?.en ?? 'ASQ Standard Publications', zh: server.brand?.name?.zh ?? '汽车软件质量标准出版物' },
  color: server.brand?.color ?? '#1d4ed8',
  markUrl: server.brand?.markUrl ?? `${BASE}brand/mark`,
  seller: {
    name: server.brand?.seller?.name ?? {
      en: 'Automotive Software Quality Standard Publications (example operator)',
      zh: '汽车软件质量标准出版物（示例运营者）',
    },
    address: server.brand?.seller?.address ?? { en: 'Example Street 1, 10115 Berlin, Germany', zh: '德国柏林 10115，示例街1号' },
    registration: server.brand?.seller?.registration ?? 'Example Register 000000',
  } satisfies Seller,
} as const;

/** The shop's time zone (SHOP_TIME_ZONE): times are shown in it until the buyer's own is known (lib/time-zone.ts). */
export const SHOP_TIME_ZONE = server.timeZone ?? 'Asia/Shanghai';

export const CODE_COOLDOWN_S = 60;
export const CODE_FAILURE_COOLDOWN_S = 10;
export const CODE_MAX_LENGTH = 10;
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_LOCK_MS = 1000;
export const QR_POLL_MS = 3000;
export const REQUEST_TIMEOUT_MS = 5000;
export const PAGE_SIZES = [10, 20, 50] as const;
/** The header bar shows from this width on; below it the mobile layout (spec: below 633 px). */
export const DESKTOP_MIN_WIDTH = 633;
export const GALLERY_WINDOW = 4;
/** Spec section 9: the country preset in the purchase dialog (001, China). */
export const DEFAULT_COUNTRY_CODE = '001';

/** Dialog widths of the spec (px). */
export const DIALOG_WIDTH = { login: 465, register: 536, purchase: 900, purchaseInfo: 960 } as const;
