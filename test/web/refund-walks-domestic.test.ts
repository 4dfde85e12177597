import { registerWithMailCode, startWalks, walk, walkAlipay, walkWeChat } from './walks.js';
import { refundAllInConsole } from './refund-steps.js';

// The domestic merchant setups (WeChat Pay and Alipay for a mainland merchant, in CNY at the
// configured dated rate), in both languages: checkout → sandbox cashier → paid → download; then
// refunds in the console → refunded → the download is refused.
await startWalks({ wechat: 'domestic', alipay: 'domestic' });

for (const lang of ['en', 'zh'] as const) {
  walk(`domestic: WeChat Pay and Alipay in CNY, then refunds`, lang, async (w) => {
    await registerWithMailCode(w.page, w.T, w.email, w.shot);
    await walkWeChat(w, 1, 'CNY');
    await walkAlipay(w, 2);
    await refundAllInConsole(w);
  });
}
