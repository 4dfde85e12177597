import t from 'tap';
import { startWalks, walk, walkAlipay, walkPayPal, walkWeChat } from './walks.js';
import { refundAllInConsole } from './refund-steps.js';

// The overseas merchant setups (WeChat Pay Global, Alipay cross-border, PayPal) in 'zh':
// checkout → the provider's sandbox cashier → paid → download; then an operator refunds each
// order in the console → refunded → the download is refused.
// Three purchases and three refunds in a browser on a shared machine take longer than the default.
// The buyer starts with a session cookie: the registration and login dialogs are checkout-zh's.
t.setTimeout(480_000);
await startWalks({ wechat: 'overseas', alipay: 'overseas' });

walk(
  'overseas: WeChat Pay Global, Alipay forex, PayPal, then refunds',
  'zh',
  async (w) => {
    await walkWeChat(w, 1, 'EUR');
    await walkAlipay(w, 2);
    await walkPayPal(w, 0);
    await refundAllInConsole(w);
  },
  { signedIn: true },
);
