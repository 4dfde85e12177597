import { logOutAndLogIn, registerWithMailCode, startWalks, walk, walkAlipay, walkBankTransfer, walkPayPal, walkWeChat } from './walks.js';

// New buyers in Chinese (walks.ts): every provider; the bank transfer has its invoice switched on
// and off again (nothing sent) and is completed by an operator through the legacy endpoint.
await startWalks();

walk('wechat-paypal: register, WeChat Pay QR, PayPal', 'zh', async (w) => {
  await registerWithMailCode(w.page, w.T, w.email, w.shot);
  await logOutAndLogIn(w.page, w.T, w.email, w.shot);
  await walkWeChat(w, 1);
  await walkPayPal(w, 0);
});

// The first buyer walked through registering and logging in; this one starts signed in.
walk(
  'alipay-bank: Alipay, bank transfer',
  'zh',
  async (w) => {
    await walkAlipay(w, 2);
    await walkBankTransfer(w, 1, { invoice: false, operator: 'legacy' });
  },
  { signedIn: true },
);
