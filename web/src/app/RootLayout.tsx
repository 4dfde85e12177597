import { Box } from '@chakra-ui/react';
import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster';
import { useLogout } from '../features/auth';
import { useAuthDialog } from '../lib/auth-dialog';
import { requestLogin } from '../lib/login-gate';
import { applyBrandColor } from '../lib/brand';
import { BRAND } from '../lib/config';
import { storedLocale } from '../lib/i18n';
import { readStored, writeStored } from '../lib/storage';
import { rememberUser, useSession } from '../lib/session';
import { checkVersion } from '../lib/version';
import type { EntryFlags } from './entry';
import { Footer } from './layout/Footer';
import { lazyWithClient } from '../lib/lazy';
import { HeaderBar } from './layout/HeaderBar';
import { MobileBar } from './layout/MobileBar';

const AuthDialogs = lazyWithClient(() => import('../features/auth/AuthDialogs'));
const OrderTokenConfirm = lazyWithClient(() => import('../features/auth/OrderTokenConfirm'));
const FirstPasswordDialog = lazyWithClient(() => import('../features/account/FirstPasswordDialog'));

/**
 * Runs the on-load flags once the session is known: ?logout, and the remembered login prompt (set
 * by ?login on entry or by a guest's Buy now before its reload), used up once read.
 */
function useEntryFlags(flags: EntryFlags) {
  const { user, loading } = useSession();
  const logout = useLogout();
  const done = useRef(false);
  useEffect(() => {
    if (loading || done.current) return;
    done.current = true;
    if (flags.logout && user) {
      void logout();
      return;
    }
    rememberUser(user);
    if (readStored('loginNeeded')) {
      writeStored('loginNeeded', null);
      if (!user) requestLogin('login');
    }
  }, [loading, user, flags.logout, logout]);
}

export function RootLayout({ flags }: { flags: EntryFlags }) {
  const location = useLocation();
  const { view } = useAuthDialog();
  const { user } = useSession();
  const logout = useLogout();
  const authUsed = useRef(false);
  if (view) authUsed.current = true;
  useEntryFlags(flags);

  // The tab title is the shop's name in the UI language (index.html carries the English one), and
  // the brand colour before the first paint of the buttons using it.
  useLayoutEffect(() => {
    document.title = BRAND.name[storedLocale()];
    applyBrandColor();
  }, []);

  // Spec: on every navigation, compare the server's version with this build and reload if stale.
  useEffect(() => {
    void checkVersion();
  }, [location.pathname, location.search]);

  return (
    <Box minH="100vh" display="flex" flexDirection="column" bg="gray.50">
      <HeaderBar />
      <MobileBar />
      {/* At least a screen high, so the footer starts below the first screen: a page rendered in the
          browser (My Orders) shows a spinner first, and its list arriving pushed a footer in view
          down (a layout shift of 0.34 on a phone). */}
      <Box as="main" flex="1" minH="100vh" w="full" maxW="6xl" mx="auto" px={{ base: 3, md: 6 }} py={{ base: 4, md: 8 }}>
        <Outlet />
      </Box>
      <Footer />
      <Toaster />
      {flags.orderToken ? (
        <Suspense fallback={null}>
          <OrderTokenConfirm token={flags.orderToken} />
        </Suspense>
      ) : null}
      {/* Spec: a first login (loginFirst) sets its own password before anything else. */}
      {user?.loginFirst ? (
        <Suspense fallback={null}>
          <FirstPasswordDialog onLeave={() => void logout()} />
        </Suspense>
      ) : null}
      {authUsed.current ? (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      ) : null}
    </Box>
  );
}
