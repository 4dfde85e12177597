import t from 'tap';
import { registerLegacy } from '../helpers/accounts.js';
import { startInProcess, uniqueEmail } from '../helpers/stack.js';

t.test('8D report calls: permission needs a bound email; state per caller, report, page and module', async (t) => {
  const stack = await startInProcess(t);
  const guest = stack.client();
  t.match(await guest.form('/api/reportCommon/get8DReportPermission', { reportId: 'R1' }), { code: 401 });

  const a = stack.client();
  await registerLegacy(a, uniqueEmail('a'));
  t.match(await a.form('/api/reportCommon/get8DReportPermission', { userId: '999', reportId: 'R1' }), { code: 200, data: true });

  const key = { reportId: 'R1', pageNo: '2', operationModule: 'D3', operationSubModule: 'actions' };
  t.match(await a.form('/api/reportCommon/saveButtonActivity', key), { code: 200, data: { saveFlag: false, submitFlag: false } });
  t.match(await a.form('/api/reportCommon/reportRetentionCommon', { ...key, saveOrSubmit: '0', courseName: 'C1' }), {
    data: { saveOrSubmit: '0', courseName: 'C1', saveFlag: true, submitFlag: false },
  });
  t.match(await a.form('/api/reportCommon/saveButtonActivity', key), { data: { saveFlag: true, submitFlag: false } });
  t.match(await a.form('/api/reportCommon/tqsOperationCommon', { ...key, saveOrSubmit: '1' }), {
    data: { saveOrSubmit: '1', courseName: 'C1', submitFlag: true },
  });
  t.match(await a.form('/api/reportCommon/saveButtonActivity', { ...key, pageNo: '3' }), { data: { saveFlag: false } }, 'another page has its own state');

  const b = stack.client();
  await registerLegacy(b, uniqueEmail('b'));
  const aUserId = (await stack.db.selectFrom('report_states').select('user_id').executeTakeFirstOrThrow()).user_id;
  t.match(
    await b.form('/api/reportCommon/saveButtonActivity', { ...key, userId: String(aUserId) }),
    { data: { saveFlag: false, submitFlag: false } },
    "a body userId never reaches another user's state",
  );

  const phoneOnly = await stack.db
    .insertInto('users')
    .values({ phone_area: '+86', phone_no: '13900000000', first_name: 'P', last_name: 'Q', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await import('../../gateway/src/services/accounts/sessions.js');
  const { token } = await session.createSession(stack.app.deps, phoneOnly.id);
  const p = stack.client();
  p.headers.authorization = `Bearer ${token}`;
  t.match(await p.form('/api/reportCommon/get8DReportPermission', { reportId: 'R1' }), {
    code: 403,
    message: 'You have not bound the mailbox, and cannot enter 8D',
  });
});
