import t from 'tap';
import { registerLegacy } from '../helpers/accounts.js';
import { failRegistration } from '../helpers/registration-mirror.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';
import { eventually } from '../helpers/tmp.js';

t.test('the registration mirror is retried while the service fails and lands once', async (t) => {
  const stack = await startInProcess(t, { RETRY_DELAY_SCALE: '0.002' });
  await failRegistration(stack.registration.url, 3);
  const email = uniqueEmail();
  const reg = await registerLegacy(stack.client(), email);
  const userId = Number(reg.data.userId);

  const state = await eventually(
    'mirror succeeded',
    async () => {
      const row = await stack.db.selectFrom('registration_mirrors').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
      return row.status === 'succeeded' ? row : false;
    },
    30_000,
  );
  t.equal(state.attempts, 4, 'three failures, then success');
  t.equal(state.sealed_password, null, 'the sealed password is dropped once mirrored');
  t.equal(state.last_error, null);
  const mirrored = stack.registration.registrations.get(email);
  t.match(mirrored, {
    email,
    firstName: 'Test',
    lastName: 'Buyer',
    company: 'Example GmbH',
    language: 'en',
    verifyCode: 'SHOP-MIRROR',
    country: 'China',
    password: 'Secret123',
  });
  t.equal(stack.registration.registrations.size, 1, 'landed once');
  t.equal(stack.registration.requests, 4);
});
