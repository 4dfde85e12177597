import { enAdmin } from './admin';
import { enScreens } from './screens';
import { enShell } from './shell';

// English texts. The zh files are typed against these, so a key missing there fails the build;
// test/web/i18n-keys.test.ts also checks both directions and the placeholders.
export const en = { ...enShell, ...enScreens, admin: enAdmin };

export type Messages = typeof en;
