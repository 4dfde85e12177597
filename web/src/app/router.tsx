import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAdminTexts } from '../lib/i18n';
import { lazyWithClient, lazyWithTexts } from '../lib/lazy';
import { firstScreenPages, pageModules } from './page-modules';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ui/ErrorBoundary';
import { ROUTER_BASENAME } from '../lib/config';
import type { EntryFlags } from './entry';
import { PageSpinner } from './PageSpinner';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

// Every page is its own chunk (page-modules.ts), with its own error boundary; the entry fetches the
// chunk of the page it starts on with the start-up files. The public pages come prerendered: React
// hydrates around a page whose chunk is still on its way and keeps its HTML until it comes, so the
// book list's first load does without the book page's code and the other way round. The other
// pages load with the Apollo client (lib/lazy.ts). My Orders reads its list through the query store: the gateway renders
// it for the logged-in buyer (web/src/ssr.tsx) and the browser hydrates it without Apollo.
const IndexPage = lazy(firstScreenPages.index);
const BookDetailPage = lazy(firstScreenPages.bookDetail);
const OrdersPage = lazyWithTexts(pageModules.orders);
const WxNativePayPage = lazyWithClient(pageModules['views/pay/WxNativePay']);
const PayPalResultPage = lazyWithClient(pageModules['views/pay/PayPalResult']);
const WxPayResultPage = lazyWithClient(pageModules['views/pay/WxPayResult']);
const AliPayResultPage = lazyWithClient(pageModules['views/pay/AliPayResult']);
// The console's texts come with it: no buyer's screen loads them.
const AdminPage = lazyWithClient(() => Promise.all([pageModules.admin(), loadAdminTexts()]).then(([m]) => m));
const AccountPage = lazyWithClient(pageModules.account);
const NotFoundPage = lazy(() => import('./routes/NotFoundPage'));
const LegalRoute = lazy(() => import('./routes/LegalRoute'));

function Page({ component: C }: { component: LazyExoticComponent<ComponentType> | ComponentType }) {
  const { pathname } = useLocation();
  // Keyed by path: leaving a broken page clears its error.
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <RouteError error={error} />}>
      <Suspense fallback={<PageSpinner />}>
        <C />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The routes, under whichever router runs them (the browser's, or a static one for prerendering). */
export function AppRoutes({ flags }: { flags: EntryFlags }) {
  return (
    <Routes>
      <Route element={<RootLayout flags={flags} />}>
        <Route index element={<Navigate to="/index" replace />} />
        <Route path="index" element={<Page component={IndexPage} />} />
        <Route path="orders" element={<Page component={OrdersPage} />} />
        <Route path="admin" element={<Page component={AdminPage} />} />
        <Route path="account" element={<Page component={AccountPage} />} />
        <Route path="bookDetail/:bookId" element={<Page component={BookDetailPage} />} />
        <Route path="legal/:page" element={<Page component={LegalRoute} />} />
        <Route path="views/pay/WxNativePay" element={<Page component={WxNativePayPage} />} />
        <Route path="views/pay/PayPalResult" element={<Page component={PayPalResultPage} />} />
        <Route path="views/pay/WxPayResult" element={<Page component={WxPayResultPage} />} />
        <Route path="views/pay/AliPayResult" element={<Page component={AliPayResultPage} />} />
        {/* The language is set from these paths before the first render (app/entry.ts). */}
        <Route path="zhPage" element={<Navigate to="/index" replace />} />
        <Route path="enPage" element={<Navigate to="/index" replace />} />
        <Route path="*" element={<Page component={NotFoundPage} />} />
      </Route>
    </Routes>
  );
}

export function AppRouter({ flags }: { flags: EntryFlags }) {
  return (
    <BrowserRouter basename={ROUTER_BASENAME}>
      <AppRoutes flags={flags} />
    </BrowserRouter>
  );
}
