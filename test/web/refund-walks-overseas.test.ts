import { registerWithMailCode, startWalks, walk, walkAlipay, walkPayPal, walkWeChat } from './walks.js';
import { refundAllInConsole } from './refund-steps.js';

// The overseas merchant setups (WeChat Pay Global, Alipay cross-border, PayPal), in both
// languages: checkout → the provider's sandbox cashier → paid → download; then an operator refunds
// each order in the console → refunded → the download is refused.
await startWalks({ wechat: 'overseas', alipay: 'overseas' });

for (const lang of ['en', 'zh'] as const) {
  walk(`overseas: WeChat Pay Global, Alipay forex, PayPal, then refunds`, lang, async (w) => {
    await registerWithMailCode(w.page, w.T, w.email, w.shot);
    await walkWeChat(w, 1, 'EUR');
    await walkAlipay(w, 2);
    await walkPayPal(w, 0);
    await refundAllInConsole(w);
  });
}
