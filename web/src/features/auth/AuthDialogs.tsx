import { useAuthDialog } from '../../lib/auth-dialog';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginDialog } from './LoginDialog';
import { RegisterDialog } from './RegisterDialog';

/** The account dialogs, one at a time; lazy-loaded by the shell on first use. */
export default function AuthDialogs() {
  const { view, email } = useAuthDialog();
  // Only the open dialog is mounted: each opening starts with fresh fields (and a new captcha).
  if (view === 'login') return <LoginDialog open email={email} />;
  if (view === 'register') return <RegisterDialog open email={email} />;
  if (view === 'forgot') return <ForgotPasswordDialog open email={email} />;
  return null;
}
