import t from 'tap';
import { personName } from '../../gateway/src/services/person-name.js';

t.test('the console writes a Chinese name family name first, any other given name first', async (t) => {
  t.equal(personName('小明', '王'), '王小明', 'family name first, no space');
  t.equal(personName('Anna', 'Schmidt'), 'Anna Schmidt', 'given name first');
  t.equal(personName('小明', 'Wang'), 'Wang小明', 'a Han part is enough to write it the Chinese way');
  t.equal(personName(' Anna ', ''), 'Anna', 'no stray space');
  t.equal(personName(null, null), '', 'no name');
});
