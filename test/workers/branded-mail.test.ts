// Mails carry the brand (name, colour), come from the configured sender, are written in the
// buyer's language with an HTML and a plain-text part, and link the shop at PUBLIC_URL + BASE_PATH.
import t from 'tap';
import { invoiceMailText } from '../../workers/src/mail/invoice.js';
import { reconciliationAlertText } from '../../workers/src/mail/reconciliation-alert.js';
import { refundMailText } from '../../workers/src/mail/refund.js';
import { bankTransferMail, receiptMail, verificationCodeMail, type MailBrand, type RenderedMail } from '../../workers/src/mail/templates.js';
import { requireEnv } from '../helpers/env.js';
import { waitForMails } from '../helpers/mail.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';

const brand: MailBrand = {
  name: { en: 'Test Standard Press', zh: '测试标准出版社' },
  color: '#0f766e',
  shopUrl: 'https://shop.test/books/',
  serviceEmail: 'help@shop.test',
  seller: {
    name: { en: 'Test Standard Press GmbH', zh: '测试标准出版有限公司' },
    address: { en: 'Musterweg 2, 10115 Berlin, Germany', zh: '德国柏林 10115，Musterweg 2号' },
    registration: 'Amtsgericht Berlin HRB 4711',
  },
};

const bankMail = {
  orderNo: 'N2026112300002',
  title: 'Book',
  amount: '75.00',
  currency: 'EUR',
  payee: 'Test Press Account',
  payeeAddress: 'Musterweg 2, 10115 Berlin, Germany',
  bank: 'Test Bank Berlin',
  bankAddress: 'Bankplatz 1, 60311 Frankfurt am Main, Germany',
  iban: 'DE97 9999 9999 0000 0123 45',
  bic: 'SBOXDEB1',
  charges: 'OUR' as const,
  expiresOn: '2026-12-07',
};

/** Every kind of mail the workers send, in one language. */
function everyMail(lang: 'en' | 'zh'): Record<string, RenderedMail> {
  const refund = { orderNo: 'N1', title: 'Book', format: 'ebook' as const, amount: '75.00', currency: 'EUR', payerCurrency: null };
  return {
    register: verificationCodeMail('123456', 'register', lang, brand),
    reset: verificationCodeMail('123456', 'reset', lang, brand),
    bindEmail: verificationCodeMail('123456', 'bind_email', lang, brand),
    receipt: receiptMail({ orderNo: 'N1', title: 'Book', amount: '75.00', currency: 'EUR', format: 'ebook' }, lang, brand),
    bankTransfer: bankTransferMail(bankMail, lang, brand),
    refund: refundMailText({ ...refund, kind: 'order', provider: 'wechat' }, lang, brand),
    duplicateRefund: refundMailText({ ...refund, kind: 'duplicate_payment', provider: 'alipay' }, lang, brand),
    reconciliationAlert: reconciliationAlertText(
      { provider: 'wechat', date: '2026-11-27', outcome: 'differences', detail: null, open: { amount_mismatch: 1 } },
      lang,
      brand,
    ),
  };
}

t.test('every mail names the seller in its footer: legal name, address, registration, in the mail language', async (t) => {
  for (const lang of ['en', 'zh'] as const) {
    const s = brand.seller;
    const label = lang === 'zh' ? { seller: '销售方：', reg: '登记号：' } : { seller: 'Seller: ', reg: 'Registration: ' };
    for (const [kind, m] of Object.entries(everyMail(lang))) {
      t.match(m.text, `${label.seller}${s.name[lang]}\n${s.address[lang]}\n${label.reg}${s.registration}`, `${kind} (${lang}): the seller in the text part`);
      t.match(
        m.html,
        `<span data-seller>${label.seller}${s.name[lang]}<br>${s.address[lang]}<br>${label.reg}${s.registration}</span>`,
        `${kind} (${lang}): in the HTML`,
      );
      t.notMatch(m.text, lang === 'zh' ? s.name.en : s.name.zh, `${kind} (${lang}): not the other language's name`);
    }
  }
});

t.test('the bank transfer mail: addresses, BIC, charges instruction and the day to pay by, in both languages', async (t) => {
  const en = bankTransferMail(bankMail, 'en', brand);
  for (const line of [
    'Payee (beneficiary): Test Press Account',
    "Beneficiary's address: Musterweg 2, 10115 Berlin, Germany",
    'Bank: Test Bank Berlin',
    "Bank's address: Bankplatz 1, 60311 Frankfurt am Main, Germany",
    'IBAN: DE97 9999 9999 0000 0123 45',
    'BIC/SWIFT: SBOXDEB1',
    'Amount: 75.00 EUR',
    'Reference to quote: N2026112300002',
    'Pay by: 2026-12-07',
    'Bank charges: OUR: please choose OUR at your bank (you pay all bank charges). The full 75.00 EUR must arrive',
  ])
    t.ok(en.text.includes(line), `en: ${line}`);
  const zh = bankTransferMail(bankMail, 'zh', brand);
  for (const line of [
    '收款人：Test Press Account',
    '收款人地址：Musterweg 2, 10115 Berlin, Germany',
    '银行地址：Bankplatz 1, 60311 Frankfurt am Main, Germany',
    'BIC/SWIFT：SBOXDEB1',
    '付款附言（请务必填写）：N2026112300002',
    '最晚付款日期：2026-12-07',
    '银行手续费：OUR：请在汇款时选择 OUR（全部银行手续费由您承担）。须全额 75.00 EUR 到账',
  ])
    t.ok(zh.text.includes(line), `zh: ${line}`);
  t.match(zh.text, /请在 2026-12-07 前完成转账/, 'zh: the day to pay by in the text too');
  t.notMatch(zh.text.replace(/https?:\/\/\S+/g, ''), /[\u4e00-\u9fff）]:/, 'zh: no half-width colon after Chinese text');
  t.notMatch(zh.text, /"我的订单"/, 'zh: Chinese quotation marks');
  const sha = bankTransferMail({ ...bankMail, charges: 'SHA' }, 'en', brand);
  t.match(sha.text, /Bank charges: SHA: charges shared .* the full 75\.00 EUR must still arrive/, 'SHA: what it means, and the full amount must still arrive');
  const bare = bankTransferMail({ ...bankMail, payeeAddress: null, bankAddress: null }, 'en', brand);
  t.notMatch(bare.text, /address/, 'no address rows while none is configured');
});

t.test('the receipt in both languages: brand band, facts, download button, legal links, text part', async (t) => {
  const d = { orderNo: 'N2026112300001', title: 'A <Title> & more', amount: '75.00', currency: 'EUR', format: 'ebook' as const };
  const en = receiptMail(d, 'en', brand);
  t.equal(en.subject, 'Order N2026112300001 paid', 'subject unchanged');
  t.match(en.html, /<html lang="en">/);
  t.match(en.html, /background:#0f766e;color:#ffffff[^>]*>Test Standard Press</, 'the name on a band of the brand colour');
  t.match(en.html, /A &#60;Title&#62; &#38; more/, 'values are escaped');
  t.notMatch(en.html, /<Title>/);
  t.match(en.html, /href="https:\/\/shop\.test\/books\/orders"[^>]*>Download the e-book</, 'the button opens My Orders');
  t.match(en.html, /href="https:\/\/shop\.test\/books\/legal\/terms"/, 'terms of sale linked');
  t.match(en.html, /mailto:help@shop\.test/);
  t.match(en.text, /^Test Standard Press\n/, 'the text part starts with the name');
  t.match(en.text, /Order number: N2026112300001/);
  t.match(en.text, /Amount: 75\.00 EUR plus applicable VAT/);
  t.match(en.text, /Download the e-book: https:\/\/shop\.test\/books\/orders/, 'links spelled out in the text part');
  t.notMatch(en.text, /<[a-z]/, 'no markup in the text part');

  const zh = receiptMail({ ...d, format: 'paper' }, 'zh', brand);
  t.equal(zh.subject, '订单 N2026112300001 支付成功');
  t.match(zh.html, /<html lang="zh-CN">/);
  t.match(zh.html, />测试标准出版社</, 'the Chinese name');
  t.match(zh.text, /订单号：N2026112300001/, 'full-width colon in Chinese');
  t.match(zh.text, /纸质书将由客服安排寄送/);
  t.match(zh.text, /销售条款：https:\/\/shop\.test\/books\/legal\/terms/);
});

t.test('the invoice mail in both languages: electronic (where to download it) and paper (courier and tracking number)', async (t) => {
  const d = {
    orderNo: 'N2026112800001',
    title: 'Automotive SPICE',
    invoiceType: 'vat_special' as const,
    invoicePayable: 'ACME Co., Ltd.',
    delivery: 'electronic' as const,
    courier: null,
    trackingNo: null,
  };
  const en = invoiceMailText(d, 'en', brand);
  t.equal(en.subject, 'Order N2026112800001: your invoice is issued');
  t.match(en.text, /The electronic invoice for order N2026112800001 is issued; its file is attached to this mail\./);
  t.match(en.text, /Invoice type: VAT special invoice/);
  t.match(en.text, /Invoice title: ACME Co\., Ltd\./);
  t.match(en.text, /download it at any time from My Orders: find the order and choose "Download invoice"/);
  t.match(en.text, /See My Orders: https:\/\/shop\.test\/books\/orders/);
  t.notMatch(en.text, /Courier/, 'no courier for an electronic invoice');
  const zh = invoiceMailText(d, 'zh', brand);
  t.equal(zh.subject, '订单 N2026112800001 的发票已开具');
  t.match(zh.text, /订单 N2026112800001 的电子发票已开具，发票文件附在本邮件中。/);
  t.match(zh.text, /发票类型：增值税专用发票/);
  t.match(zh.text, /在“我的订单”中找到该订单，点击“下载发票”下载/);

  const paper = { ...d, invoiceType: 'vat_general' as const, delivery: 'express' as const, courier: 'SF Express', trackingNo: 'SF1234567890' };
  const enPaper = invoiceMailText(paper, 'en', brand);
  t.match(enPaper.text, /The paper invoice for order N2026112800001 is issued and on its way by courier\./);
  t.match(enPaper.text, /Courier: SF Express/);
  t.match(enPaper.text, /Tracking number: SF1234567890/);
  t.notMatch(enPaper.text, /attached/, 'nothing attached to a paper invoice');
  const zhPaper = invoiceMailText(paper, 'zh', brand);
  t.match(zhPaper.text, /快递公司：SF Express/);
  t.match(zhPaper.text, /快递单号：SF1234567890/);
  t.match(zhPaper.text, /发票类型：增值税普通发票/);
});

t.test('a refused bill: the alert words the reason in the operator language, the check message beside it', async (t) => {
  const refused = {
    provider: 'alipay' as const,
    date: '2026-11-27',
    outcome: 'rejected',
    detail: 'summary_mismatch: the summary says 3 trades, the rows 2',
    rejected: { reason: 'summary_mismatch', message: 'the summary says 3 trades, the rows 2' },
    open: {},
  };
  const zh = reconciliationAlertText(refused, 'zh', brand);
  t.match(zh.subject, '支付宝 2026-11-27 的账单未通过校验');
  t.match(zh.text, '原因：账单汇总与明细不一致', 'zh: the reason in Chinese');
  t.match(zh.text, '校验信息：the summary says 3 trades, the rows 2', "zh: the check's own message labelled in Chinese");
  t.notMatch(zh.text, 'summary_mismatch', 'zh: no reason code');
  const en = reconciliationAlertText(refused, 'en', brand);
  t.match(en.text, "Reason: The bill's summary disagrees with its rows");
  t.match(en.text, 'The check said: the summary says 3 trades, the rows 2');
  // A run written before the reason codes: its detail as written, in both languages.
  const old = reconciliationAlertText({ ...refused, rejected: null }, 'zh', brand);
  t.match(old.text, '原因：summary_mismatch: the summary says 3 trades, the rows 2');
  const unknown = reconciliationAlertText({ ...refused, rejected: { reason: 'other', message: 'x' } }, 'zh', brand);
  t.match(unknown.text, '原因：summary_mismatch', 'an unknown reason code falls back to the detail');
});

t.test('a bad colour never reaches the markup', async (t) => {
  const m = verificationCodeMail('123456', 'register', 'en', { ...brand, color: 'red;x:"' });
  t.notMatch(m.html, /red;x/);
  t.match(m.html, /background:#1d4ed8/);
});

t.test('a registration code mail from the running workers, in Chinese', async (t) => {
  // The workers build the links and the sender from PUBLIC_URL as configured.
  const stack = await startInProcess(t, {
    BRAND_NAME_EN: 'Test Standard Press',
    BRAND_NAME_ZH: '测试标准出版社',
    BRAND_COLOR: '#0f766e',
    SERVICE_EMAIL: 'help@shop.test',
    PUBLIC_URL: 'https://shop.test',
    SELLER_NAME_ZH: '测试标准出版有限公司',
    SELLER_ADDRESS_ZH: '德国柏林 10115，Musterweg 2号',
    SELLER_REGISTRATION: 'Amtsgericht Berlin HRB 4711',
  });
  const email = uniqueEmail('mail-zh');
  const c = stack.client();
  c.headers = { locale: 'zh' };
  t.equal((await c.form('/api/login/registerGetCode', { email })).code, 200);
  const [mail] = await waitForMails(email, 1);
  const res = await fetch(`${requireEnv('MAILDEV_URL')}/email/${mail!.id}`);
  const full = (await res.json()) as { subject: string; text: string; html: string; from: { address: string; name: string }[] };
  t.equal(full.subject, '您的注册验证码', 'in the buyer language');
  t.same(full.from, [{ address: 'no-reply@shop.test', name: 'Test Standard Press' }], 'from the brand at the host of PUBLIC_URL (MAIL_FROM unset)');
  t.match(full.html, />测试标准出版社</, 'HTML part with the brand');
  t.match(full.html, /#0f766e/);
  t.match(full.text, /请使用以下验证码完成注册：\n\n\d{6}\n/, 'plain-text part with the code');
  t.match(full.text, /隐私政策：https:\/\/shop\.test\/shop\/legal\/privacy/, 'links to PUBLIC_URL + BASE_PATH');
  t.match(
    full.text,
    /销售方：测试标准出版有限公司\n德国柏林 10115，Musterweg 2号\n登记号：Amtsgericht Berlin HRB 4711\n/,
    'the configured seller in the footer',
  );
});
