import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and while the SPA takes it over, true once the app runs the page.
 * A control whose action needs the app (Buy now) stays disabled until then: a tap on the painted
 * HTML would otherwise be lost without a sign, as a buyer on a slow phone would find.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
