import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { launchBrowser, openShop } from '../helpers/browser.js';

// GraphiQL in development, in a real browser under the CSP its page is served with. The CDN cannot
// be reached from the test machine, so its files are answered by small stand-ins (the browser
// applies the CSP before a request is made, intercepted or not): they render by calling the
// GraphQL endpoint the way GraphiQL does, so the page shows what the endpoint answered.
const standIns: Record<string, string> = {
  'react.production.min.js': 'window.React = { createElement: (type, props) => ({ type, props }) };',
  'react-dom.production.min.js': `window.ReactDOM = { render: (el, node) => el.props.fetcher({ query: '{ version }' }).then((r) => { node.textContent = 'version ' + r.data.version; }) };`,
  'graphiql.min.js': `window.GraphiQL = function GraphiQL() {};
    GraphiQL.createFetcher = ({ url }) => (body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());`,
  'graphiql.min.css': '.graphiql-container { display: flex; }',
};

t.test('GraphiQL loads and runs under its CSP in development; the shop pages still refuse CDN scripts', async (t) => {
  const { app } = await buildTestApp(t, { NODE_ENV: 'development' });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await launchBrowser(t);
  const { context, page, errors } = await openShop(browser, base);
  const requested: string[] = [];
  await context.route('https://unpkg.com/**', (route) => {
    const url = route.request().url();
    requested.push(url);
    const file = Object.keys(standIns).find((name) => url.endsWith(`/${name}`));
    if (!file) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({
      status: 200,
      contentType: file.endsWith('.css') ? 'text/css' : 'application/javascript',
      // Loaded with crossorigin="anonymous", as unpkg answers.
      headers: { 'access-control-allow-origin': '*' },
      body: standIns[file]!,
    });
  });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await page.goto('/graphiql');
  await page.locator('#main', { hasText: /^version / }).waitFor();
  t.same(await violations(), [], 'no CSP violation on the GraphiQL page');
  t.same(errors, [], 'no script error');
  t.ok(
    ['react.production.min.js', 'react-dom.production.min.js', 'graphiql.min.js', 'graphiql.min.css'].every((f) => requested.some((u) => u.endsWith(f))),
    'the page loaded its CDN scripts and stylesheet',
  );
  t.equal(await page.evaluate(() => getComputedStyle(document.body).margin), '0px', "the page's own inline style applies");

  // The same script on a shop page is refused: the allowance is GraphiQL's alone.
  await page.goto('/api-docs/');
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve) => {
        const script = document.createElement('script');
        script.src = src;
        script.onerror = () => resolve();
        script.onload = () => resolve();
        document.body.append(script);
      }),
    'https://unpkg.com/react@18.3.1/umd/react.production.min.js',
  );
  t.match(await violations(), [/^script-src(-elem)? https:\/\/unpkg\.com\/react@18\.3\.1\//], 'a shop page refuses the CDN script');
});
