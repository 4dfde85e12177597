import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import { defaultSandboxOptions, type SmsSandboxOptions } from './options.js';
import { checkTemplateParam, flowControl, parsePhoneNumbers, render, type Refusal } from './rules.js';
import { serverStringToSign, signatureMatches } from './signature-check.js';
import { messagesPage } from './page.js';

/** One message the sandbox accepted, as its page and JSON API list it. */
export interface SentSms {
  bizId: string;
  phoneNumber: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
  text: string;
  outId: string | null;
  sentAt: string;
}

export interface SmsSandbox {
  app: FastifyInstance;
  /** The endpoint the adapter is configured with (SMS_ENDPOINT). */
  url: string;
  messages: SentSms[];
  /** Requests refused before any business rule (signature, key, timestamp, nonce, parameters). */
  refused: { code: string; at: string }[];
  close(): Promise<void>;
}

const HOST_ID = 'dysmsapi.aliyuncs.com';
const TIMESTAMP_SKEW_MS = 15 * 60_000;

/**
 * A local stand-in of Alibaba Cloud SMS (dysmsapi 2017-05-25, RPC style): it checks the request
 * signature exactly as the provider does, applies the provider's business rules (number format,
 * approved signature and template, template variables, flow control per number) and keeps what it
 * "sent", listed at /messages (a page) and /api/messages (JSON), like the mail sink does for mail.
 */
export async function startSmsSandbox(opts: Partial<SmsSandboxOptions> = {}): Promise<SmsSandbox> {
  const options = { ...defaultSandboxOptions(), ...opts };
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  await app.register(formbody);
  const messages: SentSms[] = [];
  const refused: SmsSandbox['refused'] = [];
  const nonces = new Map<string, number>();
  const sentTo = new Map<string, number[]>();

  const platformError = (reply: FastifyReply, status: number, code: string, message: string, requestId: string) => {
    refused.push({ code, at: new Date().toISOString() });
    return reply.code(status).send({
      RequestId: requestId,
      HostId: HOST_ID,
      Code: code,
      Message: message,
      Recommend: `https://api.aliyun.com/troubleshoot?q=${code}&product=Dysmsapi&requestId=${requestId}`,
    });
  };
  const business = (requestId: string, r: Refusal) => ({ RequestId: requestId, Code: r.code, Message: r.message });

  const api = async (method: 'GET' | 'POST', query: unknown, body: unknown, reply: FastifyReply) => {
    const requestId = randomUUID().toUpperCase();
    // RPC parameters may travel in the query, the form body, or both; all of them are signed.
    const params: Record<string, string> = {};
    for (const src of [query, body]) {
      if (!src || typeof src !== 'object') continue;
      for (const [k, v] of Object.entries(src)) {
        if (typeof v !== 'string') return platformError(reply, 400, 'InvalidParameter', `The parameter ${k} is repeated or malformed.`, requestId);
        params[k] = v;
      }
    }
    for (const required of ['AccessKeyId', 'Signature', 'SignatureMethod', 'SignatureVersion', 'SignatureNonce', 'Timestamp', 'Version', 'Action']) {
      if (!params[required]) return platformError(reply, 400, `Missing${required}`, `${required} is mandatory for this action.`, requestId);
    }
    const secret = options.accessKeys[params.AccessKeyId!];
    if (secret === undefined) return platformError(reply, 404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.', requestId);
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0')
      return platformError(reply, 400, 'InvalidSignatureMethod', 'Specified signature method is not valid.', requestId);
    if (!signatureMatches(method, params, secret)) {
      return platformError(
        reply,
        400,
        'SignatureDoesNotMatch',
        `Specified signature does not match our calculation. server string to sign is:${serverStringToSign(method, params)}`,
        requestId,
      );
    }
    const ts = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(params.Timestamp!) ? Date.parse(params.Timestamp!) : NaN;
    if (!Number.isFinite(ts))
      return platformError(reply, 400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.', requestId);
    if (Math.abs(Date.now() - ts) > TIMESTAMP_SKEW_MS)
      return platformError(reply, 400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.', requestId);
    const nonceKey = `${params.AccessKeyId}:${params.SignatureNonce}`;
    for (const [k, at] of nonces) if (Date.now() - at > TIMESTAMP_SKEW_MS) nonces.delete(k);
    if (nonces.has(nonceKey)) return platformError(reply, 400, 'SignatureNonceUsed', 'Specified signature nonce was used already.', requestId);
    nonces.set(nonceKey, Date.now());
    if (params.Version !== '2017-05-25') return platformError(reply, 400, 'InvalidVersion', 'Specified parameter Version is not valid.', requestId);
    if (params.Action !== 'SendSms')
      return platformError(reply, 400, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.', requestId);
    for (const required of ['PhoneNumbers', 'SignName', 'TemplateCode']) {
      if (!params[required]) return platformError(reply, 400, `Missing${required}`, `${required} is mandatory for this action.`, requestId);
    }

    const numbers = parsePhoneNumbers(params.PhoneNumbers!);
    if (!Array.isArray(numbers)) return business(requestId, numbers);
    if (!options.signNames.includes(params.SignName!)) return business(requestId, { code: 'isv.SMS_SIGNATURE_ILLEGAL', message: '签名不合法' });
    const template = options.templates[params.TemplateCode!];
    if (!template) return business(requestId, { code: 'isv.SMS_TEMPLATE_ILLEGAL', message: '模板不合法' });
    const checked = checkTemplateParam(template, params.TemplateParam);
    if ('refusal' in checked) return business(requestId, checked.refusal);
    const templateParam = checked.params;
    const now = Date.now();
    for (const n of numbers) {
      const limited = flowControl(sentTo.get(`${params.SignName}:${n}`) ?? [], now);
      if (limited) return business(requestId, limited);
    }
    const bizId = `${now}${randomBytes(4).toString('hex')}^0`;
    for (const n of numbers) {
      sentTo.set(`${params.SignName}:${n}`, [...(sentTo.get(`${params.SignName}:${n}`) ?? []), now]);
      messages.push({
        bizId,
        phoneNumber: n,
        signName: params.SignName!,
        templateCode: params.TemplateCode!,
        templateParam,
        text: render(template, params.SignName!, templateParam),
        outId: params.OutId ?? null,
        sentAt: new Date(now).toISOString(),
      });
    }
    return { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: bizId };
  };

  app.post('/', async (req, reply) => api('POST', req.query, req.body, reply));
  app.get('/', async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    if (!q || !('Action' in q)) return reply.redirect('/messages');
    return api('GET', req.query, null, reply);
  });

  const listed = (phone: unknown) =>
    typeof phone === 'string' && phone ? messages.filter((m) => m.phoneNumber === phone || m.phoneNumber === `+${phone.replace(/^\+/, '')}`) : messages;
  app.get('/api/messages', async (req) => listed((req.query as { phone?: unknown }).phone));
  app.delete('/api/messages', async () => {
    messages.length = 0;
    sentTo.clear();
    return { cleared: true };
  });
  app.get('/messages', async (_req, reply) => reply.type('text/html; charset=utf-8').send(messagesPage(messages)));

  await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return { app, url: `http://127.0.0.1:${port}`, messages, refused, close: () => app.close() };
}
