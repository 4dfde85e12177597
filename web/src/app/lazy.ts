import { lazy, type ComponentType } from 'react';
import { loadScreenTexts } from '../lib/i18n';

/** A lazily loaded screen or dialog that needs the texts beyond the first screen. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithTexts<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), loadScreenTexts()]).then(([m]) => m));
}
