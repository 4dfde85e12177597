// The zone every time of the storefront is shown in, the same on the server and in the browser so
// a prerendered page hydrates without a difference: the buyer's zone once the browser has told it
// (the `timeZone` cookie, written here from Intl), else the shop's (SHOP_TIME_ZONE). A page learns
// the buyer's zone on its first visit and shows it from the next load on; within one page load the
// zone never changes, so nothing re-renders when the cookie is written.
import { SHOP_TIME_ZONE } from './config';

const COOKIE = 'timeZone';

/** An IANA zone name this browser knows; a cookie can hold anything. */
export function isTimeZone(value: string | undefined): value is string {
  if (!value || value.length > 64 || !/^[A-Za-z][\w+-]*(\/[\w+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function cookieZone(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  const value = raw === undefined ? undefined : decodeURIComponent(raw);
  return isTimeZone(value) ? value : undefined;
}

// On the server: the zone of the page being rendered now (renders run one at a time, ssr.tsx).
let renderZone: string | null = null;
// In the browser: fixed for the page load the first time a time is shown.
let pageZone: string | undefined;

/** Prerendering only: the zone of the page being rendered now (null after it). */
export function setRenderTimeZone(zone: string | null): void {
  renderZone = zone;
}

/** The browser: the zone the server rendered this page's HTML in, which hydration must repeat. */
export function setPageTimeZone(zone: string | undefined): void {
  if (isTimeZone(zone)) pageZone = zone;
}

export function displayTimeZone(): string {
  if (renderZone) return renderZone;
  pageZone ??= cookieZone() ?? SHOP_TIME_ZONE;
  return pageZone;
}

/** Keeps the browser's own zone in the cookie, for the server's next render and the next load. */
export function rememberBrowserTimeZone(): void {
  displayTimeZone();
  let own: string | undefined;
  try {
    own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!isTimeZone(own) || cookieZone() === own) return;
  document.cookie = `${COOKIE}=${encodeURIComponent(own)}; max-age=31536000; path=/; samesite=lax`;
}
