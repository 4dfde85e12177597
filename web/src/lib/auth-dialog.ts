import { useSyncExternalStore } from 'react';

// Which account dialog is open. Any feature may ask for one (the buy flow, My Orders, the
// header); the dialogs themselves are mounted once by the app shell.

export type AuthView = 'login' | 'register' | 'forgot';

export interface AuthDialogState {
  view: AuthView | null;
  /** Prefills the email of the next dialog (e.g. an unregistered email at login). */
  email: string;
}

let state: AuthDialogState = { view: null, email: '' };
const listeners = new Set<() => void>();

function set(next: AuthDialogState): void {
  state = next;
  for (const l of listeners) l();
}

export function openAuth(view: AuthView, email = ''): void {
  set({ view, email });
}

export function closeAuth(): void {
  set({ view: null, email: '' });
}

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
