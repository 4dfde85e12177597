import { useSyncExternalStore } from 'react';
import { DESKTOP_MIN_WIDTH } from './config';

const QUERY = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Whether the desktop layout applies (633 px and wider). For screens whose phone form is other
 * markup, not just other styles (My Orders' cards), so only one of the two is in the page.
 */
export function useDesktop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
