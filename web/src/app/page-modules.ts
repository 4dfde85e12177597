/**
 * The pages, each its own chunk, by route path (under the router's basename; a path with a
 * parameter by its first part, `bookDetail`). The build reads these tables (`shop-list-start-files`
 * in vite.config.ts) and lists each path's files in index.html, so the entry fetches a page's chunk
 * together with the start-up files instead of after the start-up (main.tsx), and, for the pages
 * beyond the first screen, the texts they load with it. Keep one line per page,
 * `'path': () => import('./routes/Page'),`: the build fails on any other shape.
 */

/** The public pages, prerendered for every visitor and hydrated with the first screen's texts (in the entry). */
export const firstScreenPages = {
  index: () => import('./routes/IndexPage'),
  bookDetail: () => import('./routes/BookDetailPage'),
};

/** The other pages, which come with the texts beyond the first screen (lib/lazy.ts). */
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
