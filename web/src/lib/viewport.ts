import { useSyncExternalStore } from 'react';
import { DESKTOP_MIN_WIDTH } from './config';

const QUERY = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;

/** Which layout a page was rendered for on the server: it cannot measure the screen, it guesses from the request. */
export type RenderedLayout = 'phone' | 'desktop';

// What the HTML was rendered with (main.tsx sets it from the page's state, ssr.tsx per render):
// React hydrates with the same answer, then takes the screen's own.
let renderedLayout: RenderedLayout = 'desktop';

export function setRenderedLayout(layout: RenderedLayout | undefined): void {
  renderedLayout = layout ?? 'desktop';
}

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
    () => renderedLayout === 'desktop',
  );
}
