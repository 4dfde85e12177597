import 'i18next';
import type { Messages } from '../locales/en';

// Type-checks every t('...') key against the English messages.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
