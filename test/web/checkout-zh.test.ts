import { refundAllInConsole } from './refund-steps.js';
import { startWalks, walk, walkAlipay, walkBankTransfer, walkPayPal, walkWeChat } from './walks.js';

// Buyers in Chinese (walks.ts) at the overseas merchant setups: every provider, each online
// purchase then refunded in the console (refund-steps.ts); the bank transfer has its invoice
// switched on and off again (nothing sent) and is completed by an operator through the legacy
// endpoint. Both start signed in: the registration and login dialogs in Chinese are walked, with
// their assertions, in register-login.test.ts and trust.test.ts.
await startWalks();

walk(
  'wechat-paypal: WeChat Pay QR, PayPal, refunds',
  'zh',
  async (w) => {
    await walkWeChat(w, 1);
    await walkPayPal(w, 0);
    await refundAllInConsole(w);
  },
  { signedIn: true },
);

walk(
  'alipay-bank: Alipay, bank transfer, refund',
  'zh',
  async (w) => {
    await walkAlipay(w, 2);
    // After the transfer: its completion expects the Alipay order as the one paid online order.
    await walkBankTransfer(w, 1, { invoice: false, operator: 'legacy' });
    await refundAllInConsole(w);
  },
  { signedIn: true },
);
