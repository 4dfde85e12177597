import type { Messages } from '../en';
import { zhAdmin } from './admin';
import { zhScreens } from './screens';
import { zhShell } from './shell';

// Chinese texts, typed against the English ones: a missing or extra key fails the build.
export const zh: Messages = { ...zhShell, ...zhScreens, admin: zhAdmin };
