import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

// A loading spinner is a <span>: a label on it is allowed only with a role that takes one. A walk
// caught the shop's labelled spinners (page, book list, book page) on screen without a role.
t.test('a labelled loading spinner needs its role; every labelled spinner of the SPA has one', async (t) => {
  const browser = await launchBrowser(t);
  const page = await browser.newPage();
  const spinner = (attrs: string) =>
    `<!doctype html><html lang="en"><head><title>check</title></head><body><main><h1>Check</h1><span class="chakra-spinner" ${attrs}></span></main></body></html>`;
  await page.setContent(spinner('aria-label="Loading…"'));
  t.same(
    (await axeFindings(page)).map((f) => f.id),
    ['aria-prohibited-attr'],
    'a label alone on the span is refused',
  );
  await page.setContent(spinner('role="status" aria-label="Loading…"'));
  t.same(await axeFindings(page), [], 'with role="status" it is a named live region');

  const src = path.resolve(import.meta.dirname, '../../web/src');
  const labelled = (readdirSync(src, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.tsx'))
    .flatMap((f) => [...readFileSync(path.join(src, f), 'utf8').matchAll(/<Spinner\b[^>]*>/g)].map((m) => ({ file: f, tag: m[0] })))
    .filter((s) => s.tag.includes('aria-label'));
  t.ok(labelled.length >= 3, `${labelled.length} labelled spinners found`);
  t.same(
    labelled.filter((s) => !s.tag.includes('role="status"')).map((s) => s.file),
    [],
    'each has role="status"',
  );
});
