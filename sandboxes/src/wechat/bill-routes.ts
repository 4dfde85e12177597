// The bill APIs of the product the sandbox stands for, behind the same merchant authentication as
// every v3 call:
//   domestic: GET /v3/bill/tradebill (signed JSON: hash_type, hash_value, download_url), then
//             GET /v3/billdownload/file?token=… (the file, with no WeChat signature headers);
//   Global:   GET /v3/global/statements?date=yyyyMMdd (the file is the answer; its SHA1 in
//             Wechatpay-Statement-Sha1, which the response signature covers).
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MerchantIdentity } from './request-auth.js';
import type { WechatSandbox } from './sandbox.js';
import { sendApiError, sendSigned } from './signed-reply.js';

const BILL_TYPES = new Set(['ALL', 'SUCCESS', 'REFUND']);
const paramError = (message: string) => ({ status: 400, code: 'PARAM_ERROR', message });

/** A real calendar day: YYYY-MM-DD (domestic) or yyyyMMdd (Global), as YYYY-MM-DD; null otherwise. */
function billDate(value: string | undefined, compact: boolean): string | null {
  const m = (compact ? /^(\d{4})(\d{2})(\d{2})$/ : /^(\d{4})-(\d{2})-(\d{2})$/).exec(value ?? '');
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === iso ? iso : null;
}

export function registerBillRoutes(
  api: FastifyInstance,
  sb: WechatSandbox,
  baseUrl: (req: FastifyRequest) => string,
  merchantOk: (merchant: MerchantIdentity, query: Record<string, string | undefined>) => boolean,
): void {
  if (sb.setup.setup === 'domestic') {
    api.get<{ Querystring: { bill_date?: string; bill_type?: string; tar_type?: string } }>('/v3/bill/tradebill', async (req, reply) => {
      const date = billDate(req.query.bill_date, false);
      if (!date) return sendApiError(reply, sb.signer, paramError('bill_date格式错误，应为yyyy-MM-dd'));
      const billType = req.query.bill_type ?? 'ALL';
      if (!BILL_TYPES.has(billType)) return sendApiError(reply, sb.signer, paramError('bill_type取值错误'));
      if (req.query.tar_type !== undefined && req.query.tar_type !== 'GZIP') return sendApiError(reply, sb.signer, paramError('tar_type取值错误'));
      const open = sb.bills.window(date);
      if ('error' in open) return sendApiError(reply, sb.signer, open.error);
      const bill = sb.bills.tradeBill(date, sb.orders.all(), sb.refunds.all(), billType);
      if ('error' in bill) return sendApiError(reply, sb.signer, bill.error);
      const gzip = req.query.tar_type === 'GZIP';
      const token = sb.downloads.issue(gzip ? gzipSync(bill.ok.served) : bill.ok.served);
      return sendSigned(reply, sb.signer, 200, {
        hash_type: 'SHA1',
        hash_value: bill.ok.sha1,
        download_url: `${baseUrl(req)}/v3/billdownload/file?token=${token}${gzip ? '&tartype=gzip' : ''}`,
      });
    });

    api.get<{ Querystring: { token?: string } }>('/v3/billdownload/file', async (req, reply) => {
      const bytes = sb.downloads.take(req.query.token ?? '');
      if (!bytes) return sendApiError(reply, sb.signer, { status: 400, code: 'INVALID_REQUEST', message: '下载链接无效或已过期' });
      // The file comes with no Wechatpay-* headers: its SHA1 from the signed answer vouches for it.
      return reply.code(200).type('application/octet-stream').send(bytes);
    });
    return;
  }

  api.get<{ Querystring: Record<string, string | undefined> }>('/v3/global/statements', async (req, reply) => {
    if (!merchantOk(req.wechatMerchant!, req.query)) return sendApiError(reply, sb.signer, paramError('商户号缺失或与签名商户号不一致'));
    const date = billDate(req.query.date, true);
    if (!date) return sendApiError(reply, sb.signer, paramError('date格式错误，应为yyyyMMdd'));
    const open = sb.bills.window(date);
    if ('error' in open) return sendApiError(reply, sb.signer, open.error);
    const bill = sb.bills.statement(date, sb.orders.all(), sb.refunds.all());
    if ('error' in bill) return sendApiError(reply, sb.signer, bill.error);
    const signed = (sb.options.statementSignature ?? 'sha1') === 'sha1' ? bill.ok.sha1 : bill.ok.served.toString('utf8');
    return reply
      .code(200)
      .headers({ ...sb.signer.headers(signed), 'Wechatpay-Statement-Sha1': bill.ok.sha1 })
      .type('text/plain; charset=utf-8')
      .send(bill.ok.served);
  });
}
