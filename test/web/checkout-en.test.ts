import { refundAllInConsole } from './refund-steps.js';
import {
  guestBuysFirst,
  guestOpensOrders,
  logOutAndLogIn,
  registerWithMailCode,
  startWalks,
  walk,
  walkAlipay,
  walkBankTransfer,
  walkPayPal,
  walkWeChat,
} from './walks.js';

// New buyers in English (walks.ts) at the overseas merchant setups (WeChat Pay Global, Alipay
// cross-border, PayPal, in EUR): every provider, the guest's Buy now with its flag and reload, My
// Orders as a guest, and a bank transfer with an invoice completed in the operator console. Each
// online purchase is then refunded in the console (refund-steps.ts); the domestic setups have
// their own refund walks (refund-walks-domestic.test.ts).
await startWalks();

walk('wechat-paypal: guest Buy now, register, WeChat Pay QR, PayPal, refunds', 'en', async (w) => {
  await guestBuysFirst(w);
  // Logging out and in again is the next buyer's, with its landing asserted.
  await registerWithMailCode(w.page, w.T, w.email, w.shot);
  await walkWeChat(w, 1);
  await walkPayPal(w, 0);
  await refundAllInConsole(w);
});

walk('alipay-bank: My Orders as a guest, register, Alipay, bank transfer with an invoice, refund', 'en', async (w) => {
  await guestOpensOrders(w);
  await registerWithMailCode(w.page, w.T, w.email, w.shot);
  await w.page.getByText(w.T.orders.empty).waitFor();
  w.t.ok(w.page.url().endsWith('/shop/orders'), 'the login (here by registering) that came from My Orders lands on My Orders');
  await logOutAndLogIn(w.page, w.T, w.email, w.shot);
  w.t.ok(w.page.url().endsWith('/shop/orders'), 'and so does the next one');
  await walkAlipay(w, 2);
  // After the transfer: its completion expects the Alipay order as the one paid online order.
  await walkBankTransfer(w, 1, { invoice: true, operator: 'console' });
  await refundAllInConsole(w);
});
