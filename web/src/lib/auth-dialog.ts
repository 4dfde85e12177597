import { useSyncExternalStore } from 'react';

// Which account dialog is open. Any feature may ask for one (the buy flow, My Orders, the
// header); the dialogs themselves are mounted once by the app shell.

export type AuthView = 'login' | 'register' | 'forgot';

export interface AuthDialogState {
  view: AuthView | null;
  /** Prefills the email of the next dialog (e.g. an unregistered email at login). */
  email: string;
  /** Where a successful login (or registration, which logs in) goes, e.g. /orders; null stays. */
  then: string | null;
}

let state: AuthDialogState = { view: null, email: '', then: null };
const listeners = new Set<() => void>();

function set(next: AuthDialogState): void {
  state = next;
  for (const l of listeners) l();
}

/** Opens a dialog; moving between the account dialogs keeps where the login should lead. */
export function openAuth(view: AuthView, email = '', then: string | null = state.view ? state.then : null): void {
  set({ view, email, then });
}

export function closeAuth(): void {
  set({ view: null, email: '', then: null });
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
