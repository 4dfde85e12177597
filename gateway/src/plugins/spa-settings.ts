import type { Brand, GatewayConfig } from '@shop/config';

/** The settings the storefront shows, handed to it inside index.html so they need no request. */
export interface StorefrontSettings {
  serviceEmail: string;
  serviceEmail2: string;
  serviceHotline: string;
  homeUrl: { en: string; zh: string };
  externalLoginUrl: string | null;
  brand: Brand & { markUrl: string };
  /** SHOP_TIME_ZONE: the zone of the shown times until the buyer's browser has told its own. */
  timeZone: string;
}

export function storefrontSettings(config: GatewayConfig): StorefrontSettings {
  return {
    serviceEmail: config.serviceEmail,
    serviceEmail2: config.serviceEmail2,
    serviceHotline: config.serviceHotline,
    homeUrl: config.homeUrl,
    externalLoginUrl: config.externalLoginUrl,
    brand: { ...config.brand, markUrl: `${config.basePath}brand/mark` },
    timeZone: config.timeZone,
  };
}

/**
 * index.html with the settings as a JSON data block (`<script type="application/json">` is never
 * executed, so the CSP stays strict). `<` is escaped so no value can close the element.
 */
export function withStorefrontSettings(indexHtml: string, settings: StorefrontSettings): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  const icon = `<link rel="icon" href="${settings.brand.markUrl.replace(/"/g, '&quot;')}">`;
  const block = `${icon}<script type="application/json" id="shop-settings">${json}</script>`;
  return indexHtml.includes('</head>') ? indexHtml.replace('</head>', `${block}</head>`) : `${block}${indexHtml}`;
}
