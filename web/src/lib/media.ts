import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from './config';

const query = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/** True below 633 px: the mobile layout of the spec. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

/** Inside the WeChat app, payments go through the in-app (JSAPI) bridge. */
export function inWeChat(): boolean {
  return /MicroMessenger/i.test(navigator.userAgent);
}
