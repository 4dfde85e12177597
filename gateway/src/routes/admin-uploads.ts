import type { FastifyPluginAsync } from 'fastify';
import { STATEMENT_EXTENSIONS, STATEMENT_MAX_BYTES, STATEMENT_MEDIA_TYPES, uploadBankStatement } from '../services/admin/bank-statement.js';
import { registerOperatorUpload } from './operator-upload.js';

/** Where the console sends a bank statement (PUT, the file as the body). */
export const BANK_STATEMENT_UPLOAD_PATH = '/admin/uploads/bank-statement';

// The operator console's file uploads (operator-upload.ts does the checks every upload shares).
const adminUploads: FastifyPluginAsync = async (app) => {
  await registerOperatorUpload(app, {
    url: BANK_STATEMENT_UPLOAD_PATH,
    maxBytes: STATEMENT_MAX_BYTES,
    mediaTypes: STATEMENT_MEDIA_TYPES,
    extensions: STATEMENT_EXTENSIONS,
    typeMessage: 'bankStatementType',
    handle: (upload) => uploadBankStatement(app.deps, upload.operator, upload),
  });
};

export default adminUploads;
