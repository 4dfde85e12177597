import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { appError, unauthenticated } from '../../services/errors.js';
import { ok } from './envelope.js';
import { envelope, formBody, nullableString, s } from './schemas.js';

// The 8D report calls of the wider platform: their screens are out of scope, their state is kept
// per caller, report, page and module. The caller is the session user, never the body's userId.

const reportForm = formBody({ userId: s, reportId: s, pageNo: s, operationModule: s, operationSubModule: s, saveOrSubmit: s, courseName: s });
type ReportForm = Static<typeof reportForm>;

function reportKey(req: FastifyRequest, body: ReportForm) {
  const user = req.user;
  if (!user) throw unauthenticated();
  const reportId = (body.reportId ?? '').slice(0, 64);
  if (!reportId) throw appError('badRequest');
  return {
    user_id: user.id,
    report_id: reportId,
    page_no: (body.pageNo ?? '').slice(0, 64),
    operation_module: (body.operationModule ?? '').slice(0, 64),
    operation_sub_module: (body.operationSubModule ?? '').slice(0, 64),
  };
}

const stateData = Type.Object(
  {
    reportId: Type.String(),
    pageNo: Type.String(),
    operationModule: Type.String(),
    operationSubModule: Type.String(),
    saveOrSubmit: nullableString,
    courseName: nullableString,
    saveFlag: Type.Boolean({ description: "saveOrSubmit '0' (saved) or '1'" }),
    submitFlag: Type.Boolean({ description: "saveOrSubmit '1' (submitted)" }),
  },
  { additionalProperties: false },
);

const routes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const schema = { body: reportForm, response: envelope(stateData) };

  app.post('/api/reportCommon/get8DReportPermission', { schema: { body: reportForm, response: envelope(Type.Boolean()) } }, async (req) => {
    if (!req.user) throw unauthenticated();
    if (!req.user.email) throw appError('notBoundMailbox');
    return ok(req, true);
  });

  const store = async (req: FastifyRequest, body: ReportForm) => {
    const key = reportKey(req, body);
    const saveOrSubmit = body.saveOrSubmit?.slice(0, 16) ?? null;
    const courseName = body.courseName?.slice(0, 255) ?? null;
    const row = await db
      .insertInto('report_states')
      .values({ ...key, save_or_submit: saveOrSubmit, course_name: courseName })
      .onConflict((oc) =>
        oc.columns(['user_id', 'report_id', 'page_no', 'operation_module', 'operation_sub_module']).doUpdateSet({
          save_or_submit: (eb) => eb.fn.coalesce('excluded.save_or_submit', 'report_states.save_or_submit'),
          course_name: (eb) => eb.fn.coalesce('excluded.course_name', 'report_states.course_name'),
          updated_at: new Date(),
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return present(row);
  };

  const present = (row: {
    report_id: string;
    page_no: string;
    operation_module: string;
    operation_sub_module: string;
    save_or_submit: string | null;
    course_name: string | null;
  }) => ({
    reportId: row.report_id,
    pageNo: row.page_no,
    operationModule: row.operation_module,
    operationSubModule: row.operation_sub_module,
    saveOrSubmit: row.save_or_submit,
    courseName: row.course_name,
    saveFlag: row.save_or_submit === '0' || row.save_or_submit === '1',
    submitFlag: row.save_or_submit === '1',
  });

  app.post('/api/reportCommon/reportRetentionCommon', { schema }, async (req) => ok(req, await store(req, req.body)));
  app.post('/api/reportCommon/tqsOperationCommon', { schema }, async (req) => ok(req, await store(req, req.body)));

  // saveOrSubmit '0' means saved, '1' submitted: the flags tell the client which buttons apply.
  app.post('/api/reportCommon/saveButtonActivity', { schema }, async (req) => {
    const key = reportKey(req, req.body);
    const row = await db
      .selectFrom('report_states')
      .selectAll()
      .where('user_id', '=', key.user_id)
      .where('report_id', '=', key.report_id)
      .where('page_no', '=', key.page_no)
      .where('operation_module', '=', key.operation_module)
      .where('operation_sub_module', '=', key.operation_sub_module)
      .executeTakeFirst();
    return ok(
      req,
      row
        ? present(row)
        : {
            ...present({
              report_id: key.report_id,
              page_no: key.page_no,
              operation_module: key.operation_module,
              operation_sub_module: key.operation_sub_module,
              save_or_submit: null,
              course_name: null,
            }),
          },
    );
  });
};

export default routes;
