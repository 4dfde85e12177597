// The workers hand nodemailer each text part's transfer encoding (nodemailer's own way of choosing
// it costs an eighth of building a mail): every mail must come out byte for byte as nodemailer
// alone builds it, in both languages, base64 and quoted-printable and 7bit parts alike.
import t from 'tap';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { bankTransferMail, receiptMail, verificationCodeMail, type MailBrand, type RenderedMail } from '../../workers/src/mail/templates.js';
import { messageParts } from '../../workers/src/mail/transfer-encoding.js';

const brand: MailBrand = {
  name: { en: 'Test Standard Press', zh: '测试标准出版社' },
  color: '#0f766e',
  shopUrl: 'https://shop.test/books/',
  serviceEmail: 'help@shop.test',
};
const envelope = { from: 'shop@shop.test', to: 'buyer@example.com', messageId: '<fixed@shop.test>', date: new Date('2026-11-26T00:00:00Z') };

/** The MIME text with its random multipart boundary replaced by a fixed one. */
async function built(fields: object): Promise<string> {
  const raw = (await new MailComposer({ ...envelope, ...fields }).compile().build()).toString();
  const boundary = /boundary="([^"]+)"/.exec(raw)![1]!;
  return raw.split(boundary).join('BOUNDARY');
}

const bank = {
  orderNo: 'N2026112600001',
  amount: '75.00',
  currency: 'EUR',
  payee: 'Test Standard Press GmbH',
  bank: 'Testbank',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  expiresOn: '2026-12-03',
};
const mails: Record<string, RenderedMail> = {};
for (const lang of ['en', 'zh'] as const) {
  const title = lang === 'zh' ? '标准的历史：一部关于度量与秩序的书' : 'A History of Standards';
  mails[`${lang} bank transfer`] = bankTransferMail({ ...bank, title }, lang, brand);
  mails[`${lang} receipt, e-book`] = receiptMail({ orderNo: bank.orderNo, title, amount: '75.00', currency: 'EUR', format: 'ebook' }, lang, brand);
  mails[`${lang} receipt, paper`] = receiptMail({ orderNo: bank.orderNo, title, amount: '75.00', currency: 'EUR', format: 'paper' }, lang, brand);
  for (const purpose of ['register', 'reset', 'bind_email'] as const) mails[`${lang} code, ${purpose}`] = verificationCodeMail('123456', purpose, lang, brand);
}
// Parts the templates do not produce today: ASCII in short lines (7bit) and a part with control characters.
mails['short ASCII'] = { subject: 'Hello', text: 'Hello,\nshort lines only.\n', html: '<p>Hello</p>' };
mails['control characters'] = { subject: 'x', text: `${'\x01'.repeat(40)} abc`, html: `<p>${'\x02'.repeat(3)} ${'long '.repeat(30)}</p>` };

for (const [name, mail] of Object.entries(mails)) {
  t.test(name, async (t) => {
    const mine = await built(messageParts(mail));
    t.equal(mine, await built(mail), 'the same bytes as nodemailer alone builds');
  });
}

t.test('the mails of both languages cover both encodings', async (t) => {
  const all = (await Promise.all(Object.values(mails).map((m) => built(messageParts(m))))).join('\n');
  t.match(all, /Content-Transfer-Encoding: base64/);
  t.match(all, /Content-Transfer-Encoding: quoted-printable/);
  t.match(all, /Content-Transfer-Encoding: 7bit/);
});
