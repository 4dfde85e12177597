import { readFileSync } from 'node:fs';
import t from 'tap';
import { settings } from '@shop/config';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

t.test('the README documents every setting and both commands', async (t) => {
  for (const s of settings) t.match(readme, new RegExp(`\\| \`${s.name}\` \\|`), `${s.name} is in the configuration table`);
  t.match(readme, /npm start/);
  t.match(readme, /npm test/);
});
