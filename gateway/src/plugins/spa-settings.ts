import type { GatewayConfig } from '@shop/config';

/** The settings the storefront shows, handed to it inside index.html so they need no request. */
export interface StorefrontSettings {
  serviceEmail: string;
  serviceEmail2: string;
  serviceHotline: string;
  homeUrl: { en: string; zh: string };
  externalLoginUrl: string | null;
}

export function storefrontSettings(config: GatewayConfig): StorefrontSettings {
  return { serviceEmail: config.serviceEmail, serviceEmail2: config.serviceEmail2, serviceHotline: config.serviceHotline, homeUrl: config.homeUrl, externalLoginUrl: config.externalLoginUrl };
}

/**
 * index.html with the settings as a JSON data block (`<script type="application/json">` is never
 * executed, so the CSP stays strict). `<` is escaped so no value can close the element.
 */
export function withStorefrontSettings(indexHtml: string, settings: StorefrontSettings): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="shop-settings">${json}</script>`;
  return indexHtml.includes('</head>') ? indexHtml.replace('</head>', `${block}</head>`) : `${block}${indexHtml}`;
}
