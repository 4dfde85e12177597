import t from 'tap';
import { axeFindings } from '../helpers/axe.js';
import { launchBrowser } from '../helpers/browser.js';

// The accessibility check every browser suite relies on: it must report what axe-core reports,
// also on a later check of the same document, where axe is already loaded and not loaded again.
t.test('the axe check finds serious and critical violations, again after the page changes in place', async (t) => {
  const browser = await launchBrowser(t);
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><title>check</title></head><body><main>
    <h1>Check</h1><button id="b"></button><p id="p" style="color:#bbb;background:#fff">faint text</p>
  </main></body></html>`);

  const first = await axeFindings(page);
  t.same(first.map((f) => f.id).sort(), ['button-name', 'color-contrast'], 'an unnamed button and faint text are found');
  t.same(first.find((f) => f.id === 'button-name')?.targets, ['#b'], 'with the offending element');

  await page.evaluate(() => {
    document.getElementById('b')!.textContent = 'Pay';
    document.getElementById('p')!.style.color = '#222';
  });
  t.equal(await page.evaluate('typeof window.axe?.run'), 'function', 'axe is still loaded in the document');
  t.same(await axeFindings(page), [], 'the mended page passes');

  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    document.querySelector('main')!.append(img);
  });
  t.same(
    (await axeFindings(page)).map((f) => f.id),
    ['image-alt'],
    'a violation added in place is found by the loaded axe',
  );
});
