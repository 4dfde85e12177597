import { lazy, Suspense, useSyncExternalStore } from 'react';

// Short messages of the error catalogue and the success notes. A small store of its own
// instead of the toast machine keeps the first load light; the list's view (ToastList.tsx, with
// Chakra's close button and its icon) is loaded with the first toast, as no page starts with one.

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, title: string, ms: number): void {
  const id = nextId++;
  toasts = [...toasts.slice(-2), { id, kind, title }];
  emit();
  window.setTimeout(() => dismiss(id), ms);
}

export const notify = {
  success: (title: string) => show('success', title, 3000),
  error: (title: string) => show('error', title, 4000),
  info: (title: string) => show('info', title, 3000),
};

const ToastList = lazy(() => import('./ToastList'));

export function Toaster() {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
  if (list.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList list={list} dismiss={dismiss} />
    </Suspense>
  );
}
