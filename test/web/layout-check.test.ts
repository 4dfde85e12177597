import t from 'tap';
import { launchBrowser } from '../helpers/browser.js';
import { layoutFindings } from '../helpers/screen-checks.js';

// The layout check every screen of the browser suites passes (helpers/screen-checks.ts): it must
// find a control running past the viewport and items covering each other, and leave alone what is
// meant to cover (a fixed header over the page), what a clipping box hides and the visually-hidden
// pattern.
t.test('the layout check finds overflow and overlaps, and leaves layers, clipped and hidden items be', async (t) => {
  const browser = await launchBrowser(t);
  const page = await browser.newPage({ viewport: { width: 400, height: 300 } });
  await page.setContent(`<!doctype html><html lang="en"><head><title>check</title><style>
    body { margin: 0; font: 16px/20px sans-serif }
    .abs { position: absolute; width: 100px; height: 30px }
    </style></head><body>
    <header style="position: fixed; top: 0; left: 0; right: 0; height: 40px; background: #fff"><a href="/">Home</a></header>
    <main>
      <p style="margin: 0; padding-left: 10px">Under the header</p>
      <button class="abs" style="left: 10px; top: 100px">One</button>
      <button class="abs" style="left: 60px; top: 110px">Two</button>
      <div style="overflow: hidden; width: 50px"><span style="white-space: nowrap">clipped text that runs on far beyond its box</span></div>
      <label style="position: absolute; clip: rect(0 0 0 0); width: 1px; height: 1px">hidden label</label>
      <button class="abs" style="left: 360px; top: 200px">Wide</button>
    </main></body></html>`);
  const found = await layoutFindings(page);
  t.ok(found.scrollsBy > 0, 'the page scrolls sideways');
  // Each is named once per box that offends: the button's own, and its text's.
  const named = (findings: string[]) => [...new Set(findings.map((f) => f.replace(/ \([^)]*\)$/, '')))];
  t.ok(found.overflowing.includes('button "Wide" (360…460 of 400)'), 'the control past the right edge, with its extent');
  t.same(named(found.overflowing), ['button "Wide"'], 'and nothing else runs out');
  t.ok(found.overlapping.includes('button "One" × button "Two" (50×20 px)'), 'the two buttons over each other, with the covered area');
  t.same(named(found.overlapping), ['button "One" × button "Two"'], 'and not the fixed header over the page, the clipped text or the hidden label');

  await page.evaluate(() => {
    document.querySelectorAll('.abs').forEach((b) => b.remove());
  });
  t.same(await layoutFindings(page), { scrollsBy: 0, overflowing: [], overlapping: [] }, 'the mended page passes');
});
