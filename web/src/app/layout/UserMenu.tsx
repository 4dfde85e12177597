import { Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router-dom';
import { Dropdown, DropdownItem, DropdownLabel } from '../../components/ui/Dropdown';
import { UserIcon } from '../../components/ui/icons';
import { useLogout } from '../../features/auth';
import { displayName } from '../../lib/names';
import type { SessionUser } from '../../lib/session';
import { lazyWithTexts } from '../../lib/lazy';

// The confirmation is a dialog: load it (and the dialog machinery) only when asked for.
const LogoutConfirm = lazyWithTexts(() => import('../../features/auth/LogoutConfirm').then((m) => ({ default: m.LogoutConfirm })));

/** The logged-in user's dropdown: My Account, and Log Out, which asks for confirmation first. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const name = displayName(user.firstName, user.lastName) || user.email;
  return (
    <>
      <Dropdown
        label={
          <>
            <UserIcon />
            {name}
          </>
        }
        buttonProps={{ variant: 'outline' }}
        testId="user-menu"
      >
        {(close) => (
          <>
            <DropdownLabel>{user.email || `${user.phoneArea} ${user.phoneNo}`}</DropdownLabel>
            <DropdownItem
              testId="my-account"
              onClick={() => {
                close();
                navigate('/account');
              }}
            >
              {t('nav.myAccount')}
            </DropdownItem>
            <DropdownItem
              testId="logout"
              onClick={() => {
                close();
                setConfirming(true);
              }}
            >
              {t('nav.logout')}
            </DropdownItem>
          </>
        )}
      </Dropdown>
      {confirming ? (
        <Suspense fallback={null}>
          <LogoutConfirm
            open
            onClose={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void logout();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
