import t from 'tap';
import { ensureOperator } from '../../gateway/src/cli/operator.js';
import { loginLegacy, registerLegacy } from '../helpers/accounts.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';

t.test('the operator command creates an operator or promotes a buyer', async (t) => {
  const stack = await startInProcess(t);
  const email = uniqueEmail('op');
  t.match(await ensureOperator(stack.db, { email, password: 'Operator1' }), { action: 'created' });
  t.match(await ensureOperator(stack.db, { email }), { action: 'unchanged' });
  const login = await loginLegacy(stack.client(), email, 'Operator1');
  t.equal(login.code, 200);
  const me = stack.client();
  me.headers.authorization = `Bearer ${String(login.data.access_token)}`;
  t.equal((await me.gql<{ me: { role: string } }>('{ me { role } }')).data?.me.role, 'operator');

  const buyer = uniqueEmail('buyer');
  await registerLegacy(stack.client(), buyer);
  t.equal((await stack.db.selectFrom('users').select('role').where('email', '=', buyer).executeTakeFirstOrThrow()).role, 'buyer');
  t.match(await ensureOperator(stack.db, { email: buyer.toUpperCase() }), { action: 'promoted' });
  t.equal((await stack.db.selectFrom('users').select('role').where('email', '=', buyer).executeTakeFirstOrThrow()).role, 'operator');
  await t.rejects(ensureOperator(stack.db, { email: uniqueEmail(), password: 'short' }), 'a weak password is refused');
  await t.rejects(ensureOperator(stack.db, { email: uniqueEmail() }), /needs --password/);
});
