import t from 'tap';
import { cssFindings } from '../helpers/css-audit.js';
import { launchBrowser } from '../helpers/browser.js';

// The style check every screen of the browser suites passes (helpers/css-audit.ts): it must find
// what a theme token the SPA's build left out turns into, in a style element as the server renders
// it and in a rule inserted as Emotion does in production, and leave valid and prefixed rules be.
t.test('the style check finds declarations the browser drops and variables nothing defines', async (t) => {
  const browser = await launchBrowser(t);
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><title>check</title>
    <style>:root{--chakra-sizes-4:1rem}.a{width:var(--chakra-sizes-4);color:gray.650;-moz-appearance:none}</style>
    </head><body><p class="a">text</p></body></html>`);
  t.same(await cssFindings(page), { dropped: ['color: gray.650'], undefinedVars: [] }, 'a colour token left as its path is found in a style element');

  await page.evaluate(() => {
    const sheet = document.styleSheets[0]!;
    sheet.insertRule('@media screen{.b{padding:4;margin:var(--chakra-spacing-2);display:-ms-flexbox;--spinner-size:sizes.5;--ok:var(--chakra-sizes-4)}}');
    sheet.insertRule('.c{background:url("data:image/svg+xml;utf8,<svg/>");max-width:var(--chakra-sizes-5xl, 64rem)}');
  });
  const found = await cssFindings(page);
  t.same(
    { dropped: found?.dropped.sort(), undefinedVars: found?.undefinedVars },
    { dropped: ['--spinner-size: sizes.5', 'color: gray.650', 'padding: 4'], undefinedVars: ['--chakra-spacing-2'] },
    'inserted rules are read as written: a spacing token left bare, a token path in a custom property, a variable nobody defines',
  );

  const bare = await (await browser.newContext()).newPage();
  await bare.setContent('<p>no styles</p>');
  t.same(await cssFindings(bare), { dropped: [], undefinedVars: [] }, 'a page of the launched browser records its rules from its start');
});
