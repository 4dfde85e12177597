// Public face of the auth feature for the app shell.
export { useLogout } from './useLogout';
export { LogoutConfirm } from './LogoutConfirm';
