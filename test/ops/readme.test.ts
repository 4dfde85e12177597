import { readFileSync } from 'node:fs';
import t from 'tap';
import { settings } from '@shop/config';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const configuration = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

t.test('the configuration doc documents every setting, and the README both commands', async (t) => {
  for (const s of settings) t.match(configuration, new RegExp(`\\| \`${s.name}\` \\|`), `${s.name} is in the configuration table`);
  t.match(readme, /npm start/);
  t.match(readme, /npm test/);
  t.match(readme, /\(docs\/configuration\.md\)/, 'the README points to the configuration table');
});
