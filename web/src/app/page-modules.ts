/**
 * The pages rendered in the browser, each its own chunk, by route path (under the router's
 * basename). The build reads this table (`shop-list-page-files` in vite.config.ts) and lists each
 * path's files in index.html, so the entry fetches a page's chunk together with the start-up files
 * instead of after the start-up (main.tsx). Keep one line per page, `'path': () => import('./routes/Page'),`:
 * the build fails on any other shape.
 */
export const pageModules = {
  orders: () => import('./routes/OrdersPage'),
  admin: () => import('./routes/AdminPage'),
  account: () => import('./routes/AccountPage'),
  'views/pay/WxNativePay': () => import('./routes/WxNativePayPage'),
  'views/pay/PayPalResult': () => import('./routes/PayPalResultPage'),
  'views/pay/WxPayResult': () => import('./routes/WxPayResultPage'),
  'views/pay/AliPayResult': () => import('./routes/AliPayResultPage'),
};

export type PagePath = keyof typeof pageModules;
