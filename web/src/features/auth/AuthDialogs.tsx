import { useNavigate } from 'react-router-dom';
import { useAuthDialog } from '../../lib/auth-dialog';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginDialog } from './LoginDialog';
import { RegisterDialog } from './RegisterDialog';

/** The account dialogs, one at a time; lazy-loaded by the shell on first use. */
export default function AuthDialogs() {
  const { view, email, then } = useAuthDialog();
  const navigate = useNavigate();
  // A login asked for by My Orders lands there (spec section 2: access=order).
  const onLoggedIn = () => {
    if (then) navigate(then);
  };
  // Only the open dialog is mounted: each opening starts with fresh fields (and a new captcha).
  if (view === 'login') return <LoginDialog open email={email} onLoggedIn={onLoggedIn} />;
  if (view === 'register') return <RegisterDialog open email={email} onLoggedIn={onLoggedIn} />;
  if (view === 'forgot') return <ForgotPasswordDialog open email={email} />;
  return null;
}
