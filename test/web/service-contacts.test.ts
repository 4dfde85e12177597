// The service mailboxes, the hotline and the home pages come from the gateway's settings at run
// time: an operator changes them without rebuilding the SPA.
import t from 'tap';
import { en } from '../../web/src/locales/en/index.ts';
import { zh } from '../../web/src/locales/zh/index.ts';
import { launchBrowser, openShop, screenshots, untilInteractive } from '../helpers/browser.js';
import { startStack } from '../helpers/stack.js';

t.test('the storefront shows the configured contacts and home pages in both languages', async (t) => {
  const stack = await startStack(
    t,
    {
      SERVICE_EMAIL: 'help@shop.test',
      SERVICE_EMAIL_2: 'orders@shop.test',
      SERVICE_HOTLINE: '+49 30 1234 5678',
      HOME_URL_EN: 'https://standard.test/en/',
      HOME_URL_ZH: 'https://standard.test/zh/',
    },
    { workers: false },
  );
  const browser = await launchBrowser(t);
  const { page, errors } = await openShop(browser, stack.base);
  const shot = screenshots('service-contacts', t);

  await page.goto('/shop/enPage');
  const footer = page.getByTestId('footer');
  await footer.waitFor();
  const text = await footer.innerText();
  for (const v of ['help@shop.test', 'orders@shop.test', '+49 30 1234 5678']) t.match(text, v, `footer shows ${v}`);
  t.notMatch(text, /example\.org/, 'no example address left');
  t.equal(await footer.getByRole('link', { name: /1234/ }).getAttribute('href'), 'tel:+493012345678');
  t.equal(await page.getByTestId('header-bar').getByRole('link', { name: en.nav.home }).getAttribute('href'), 'https://standard.test/en/');

  // The paper-book dialog sends the buyer to the configured mailbox. The format's radios, like Buy
  // now, take a tap only once the app runs the page (a tap on the painted HTML does nothing).
  await untilInteractive(page, 'buy-now');
  const paperCard = page.getByTestId('book').nth(1);
  await paperCard.getByText(en.books.paper, { exact: true }).click();
  await paperCard.getByTestId('buy-now').click();
  const paper = page.getByTestId('paper-dialog');
  await paper.waitFor();
  t.match(await paper.innerText(), /help@shop\.test/, 'paper book: the configured service email');
  await shot(page, 'paper-dialog-en');
  await paper.getByRole('button', { name: en.common.ok }).click();

  await page.goto('/shop/zhPage');
  await footer.waitFor();
  t.match(await footer.innerText(), /help@shop\.test/);
  t.equal(
    await page.getByTestId('header-bar').getByRole('link', { name: zh.nav.home }).getAttribute('href'),
    'https://standard.test/zh/',
    'the Chinese home page',
  );
  await shot(page, 'footer-zh');
  t.same(
    errors.filter((e) => !/Failed to load resource/.test(e)),
    [],
    'no page errors',
  );
});
