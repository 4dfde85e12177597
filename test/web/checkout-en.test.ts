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

// New buyers in English (walks.ts): every provider, the guest's Buy now with its flag and reload,
// My Orders as a guest, and a bank transfer with an invoice completed in the operator console.
await startWalks();

walk('wechat-paypal: guest Buy now, register, WeChat Pay QR, PayPal', 'en', async (w) => {
  await guestBuysFirst(w);
  await registerWithMailCode(w.page, w.T, w.email, w.shot);
  await logOutAndLogIn(w.page, w.T, w.email, w.shot);
  await walkWeChat(w, 1);
  await walkPayPal(w, 0);
});

walk('alipay-bank: My Orders as a guest, register, Alipay, bank transfer with an invoice', 'en', async (w) => {
  await guestOpensOrders(w);
  await registerWithMailCode(w.page, w.T, w.email, w.shot);
  await w.page.getByText(w.T.orders.empty).waitFor();
  w.t.ok(w.page.url().endsWith('/shop/orders'), 'the login (here by registering) that came from My Orders lands on My Orders');
  await logOutAndLogIn(w.page, w.T, w.email, w.shot);
  w.t.ok(w.page.url().endsWith('/shop/orders'), 'and so does the next one');
  await walkAlipay(w, 2);
  await walkBankTransfer(w, 1, { invoice: true, operator: 'console' });
});
