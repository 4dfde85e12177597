// The zone every time of the storefront is shown in, the same on the server and in the browser so
// a prerendered page hydrates without a difference: the buyer's zone once the browser has told it
// (the `timeZone` cookie, written here from Intl), else the shop's (SHOP_TIME_ZONE). A page learns
// the buyer's zone on its first visit and shows it from the next load on; within one page load the
// zone never changes, so nothing re-renders when the cookie is written. Kept small: it is part of
// every first load.
import { SHOP_TIME_ZONE } from './config';

/** A zone this browser knows (a cookie can hold anything; the gateway checks it its own way). */
function isTimeZone(value: string | undefined): value is string {
  try {
    return !!value && value.length < 65 && !!new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    return false;
  }
}

const cookieZone = () => decodeURIComponent(/(?:^|; )timeZone=([^;]*)/.exec(document.cookie)?.[1] ?? '');

// On the server: the zone of the page being rendered now (renders run one at a time, ssr.tsx).
let renderZone: string | null = null;
// In the browser: fixed for the page load the first time a time is shown.
let pageZone: string | undefined;

/** Prerendering only: the zone of the page being rendered now (null after it). */
export function setRenderTimeZone(zone: string | null): void {
  renderZone = zone;
}

export function displayTimeZone(): string {
  if (renderZone) return renderZone;
  if (!pageZone) {
    const own = typeof document === 'undefined' ? '' : cookieZone();
    pageZone = isTimeZone(own) ? own : SHOP_TIME_ZONE;
  }
  return pageZone;
}

/**
 * At start-up, in the browser: fixes the page load's zone (`rendered`, the zone the server
 * rendered this page's times in, which hydration must repeat, else the cookie's or the shop's),
 * then keeps the browser's own zone in the cookie for the server's next render.
 */
export function startTimeZone(rendered: string | undefined): void {
  if (isTimeZone(rendered)) pageZone = rendered;
  displayTimeZone();
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (isTimeZone(own) && cookieZone() !== own) document.cookie = `timeZone=${encodeURIComponent(own)}; max-age=31536000; path=/; samesite=lax`;
}
