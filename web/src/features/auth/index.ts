// Public face of the auth feature for the app shell (dialogs are loaded lazily by path).
export { useLogout } from './useLogout';
