import t from 'tap';
import { startWalks, walk, walkAlipay, walkWeChat } from './walks.js';
import { refundAllInConsole } from './refund-steps.js';

// The domestic merchant setups (WeChat Pay and Alipay for a mainland merchant, in CNY at the
// configured dated rate) in 'zh': checkout → sandbox cashier → paid → download; then refunds in
// the console → refunded → the download is refused.
// The buyer starts with a session cookie: the registration and login dialogs are checkout-zh's.
t.setTimeout(480_000);
await startWalks({ wechat: 'domestic', alipay: 'domestic' });

walk(
  'domestic: WeChat Pay and Alipay in CNY, then refunds',
  'zh',
  async (w) => {
    await walkWeChat(w, 1, 'CNY');
    await walkAlipay(w, 2);
    await refundAllInConsole(w);
  },
  { signedIn: true },
);
