import t from 'tap';
import DysmsapiModule, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil, OpenApiUtil } from '@alicloud/openapi-core';
import { sendSms, signedSendSmsParams, type AliyunSmsOptions } from '../../workers/src/sms/aliyun-sms.js';
import { startSmsSandbox } from '../../sandboxes/src/sms/server.js';
import { SANDBOX_SMS_ACCOUNT } from '../../sandboxes/src/sms/options.js';

const account = SANDBOX_SMS_ACCOUNT;
// A CommonJS module: under ESM its class sits on `default` once more.
const Dysmsapi = ((DysmsapiModule as unknown as { default?: typeof DysmsapiModule }).default ?? DysmsapiModule) as typeof DysmsapiModule;

function adapterOptions(endpoint: string, secret: string = account.accessKeySecret): AliyunSmsOptions {
  return { accessKeyId: account.accessKeyId, accessKeySecret: secret, signName: account.signName, endpoint };
}

/** The official SDK, pointed at the sandbox, signing with the documented RPC algorithm (HMAC-SHA1). */
function officialClient(endpoint: string, secret: string = account.accessKeySecret) {
  const host = new URL(endpoint).host;
  return new Dysmsapi(
    new $OpenApiUtil.Config({ accessKeyId: account.accessKeyId, accessKeySecret: secret, endpoint: host, protocol: 'http', signatureAlgorithm: 'v2' }),
  );
}

t.test('the adapter signs exactly as the official SDK does', async (t) => {
  const opts = adapterOptions('https://dysmsapi.aliyuncs.com');
  // Values that exercise the encoding rules: Chinese, JSON punctuation, spaces, '*', '~' and '+'.
  const params = signedSendSmsParams(
    opts,
    { phoneNumber: '13800138000', templateCode: account.templates.register, templateParam: { code: '123456', note: 'a b*c~d+e' }, outId: 'code-42' },
    new Date('2026-11-25T08:00:00.123Z'),
    'nonce-fixed-1',
  );
  t.equal(params.Timestamp, '2026-11-25T08:00:00Z', 'ISO 8601 UTC without milliseconds');
  const { Signature, ...unsigned } = params;
  t.equal(Signature, OpenApiUtil.getRPCSignature(unsigned, 'POST', account.accessKeySecret), 'same signature as the SDK over the same parameters');
  t.not(
    Signature,
    OpenApiUtil.getRPCSignature({ ...unsigned, PhoneNumbers: '13800138001' }, 'POST', account.accessKeySecret),
    'another number, another signature',
  );
});

t.test('the sandbox takes the official SDK request and the adapter request, and lists both', async (t) => {
  const sandbox = await startSmsSandbox();
  t.teardown(() => sandbox.close());

  const sdkAnswer = await officialClient(sandbox.url).sendSms(
    new SendSmsRequest({
      phoneNumbers: '13800138000',
      signName: account.signName,
      templateCode: account.templates.register,
      templateParam: JSON.stringify({ code: '246810' }),
    }),
  );
  t.equal(sdkAnswer.body?.code, 'OK', 'the SDK request verifies');
  t.match(sdkAnswer.body?.bizId, /\^0$/);

  const adapterAnswer = await sendSms(adapterOptions(sandbox.url), {
    phoneNumber: '85291234567',
    templateCode: account.templates.reset,
    templateParam: { code: '135790' },
    outId: 'code-7',
  });
  t.ok(adapterAnswer.ok, 'the adapter request verifies');

  const listed = (await (await fetch(`${sandbox.url}/api/messages`)).json()) as { phoneNumber: string; text: string; outId: string | null }[];
  t.same(
    listed.map((m) => m.phoneNumber),
    ['+8613800138000', '+85291234567'],
  );
  t.match(listed[0]!.text, /^【.+】.*246810/);
  t.equal(listed[1]!.outId, 'code-7');
  const byPhone = (await (await fetch(`${sandbox.url}/api/messages?phone=85291234567`)).json()) as unknown[];
  t.equal(byPhone.length, 1, 'filtered by number');
  const page = await (await fetch(`${sandbox.url}/messages`)).text();
  t.match(page, '135790', 'the page shows the message');
});

t.test('a wrongly signed request is refused with the provider error shape', async (t) => {
  const sandbox = await startSmsSandbox();
  t.teardown(() => sandbox.close());
  const wrong = await sendSms(adapterOptions(sandbox.url, 'not-the-secret'), {
    phoneNumber: '13800138000',
    templateCode: account.templates.register,
    templateParam: { code: '123456' },
  });
  t.match(wrong, { ok: false, code: 'SignatureDoesNotMatch', retryable: false });

  // A parameter changed after signing.
  const params = signedSendSmsParams(adapterOptions(sandbox.url), {
    phoneNumber: '13800138000',
    templateCode: account.templates.register,
    templateParam: { code: '123456' },
  });
  const res = await fetch(`${sandbox.url}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, PhoneNumbers: '13900139000' }).toString(),
  });
  t.equal(res.status, 400);
  const body = (await res.json()) as Record<string, string>;
  t.equal(body.Code, 'SignatureDoesNotMatch');
  t.match(body.Message, /^Specified signature does not match our calculation\. server string to sign is:POST&%2F&/);
  t.ok(body.RequestId && body.HostId && body.Recommend, 'RequestId, HostId and Recommend as the provider answers');

  // The SDK with a wrong secret gets the same refusal as a ClientError.
  const sdkError = await officialClient(sandbox.url, 'wrong')
    .sendSms(
      new SendSmsRequest({
        phoneNumbers: '13800138000',
        signName: account.signName,
        templateCode: account.templates.register,
        templateParam: '{"code":"123456"}',
      }),
    )
    .then(
      () => null,
      (err: { code?: string }) => err,
    );
  t.equal(sdkError?.code, 'SignatureDoesNotMatch');

  // An unknown key, a replayed nonce and a stale timestamp.
  const unknownKey = await sendSms(
    { ...adapterOptions(sandbox.url), accessKeyId: 'LTAI-nobody' },
    { phoneNumber: '13800138000', templateCode: account.templates.register, templateParam: { code: '123456' } },
  );
  t.match(unknownKey, { ok: false, code: 'InvalidAccessKeyId.NotFound' });
  const once = signedSendSmsParams(adapterOptions(sandbox.url), {
    phoneNumber: '13700137000',
    templateCode: account.templates.register,
    templateParam: { code: '123456' },
  });
  const post = (p: Record<string, string>) =>
    fetch(`${sandbox.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(p).toString(),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, string> }));
  t.equal((await post(once)).body.Code, 'OK');
  t.match(await post(once), { status: 400, body: { Code: 'SignatureNonceUsed' } }, 'a replayed request is refused');
  const stale = signedSendSmsParams(
    adapterOptions(sandbox.url),
    { phoneNumber: '13700137001', templateCode: account.templates.register, templateParam: { code: '123456' } },
    new Date(Date.now() - 20 * 60_000),
  );
  t.match(await post(stale), { status: 400, body: { Code: 'InvalidTimeStamp.Expired' } });
  t.equal(sandbox.messages.length, 1, 'only the one valid request was sent');
});

t.test('the sandbox enforces the provider business rules', async (t) => {
  const sandbox = await startSmsSandbox();
  t.teardown(() => sandbox.close());
  const send = (phoneNumber: string, templateParam: Record<string, unknown> | string, templateCode: string = account.templates.register) => {
    const opts = adapterOptions(sandbox.url);
    const p = signedSendSmsParams(opts, { phoneNumber, templateCode, templateParam: {} });
    // Re-sign with the raw TemplateParam so malformed JSON can be sent.
    const params: Record<string, string> = { ...p, TemplateParam: typeof templateParam === 'string' ? templateParam : JSON.stringify(templateParam) };
    delete params.Signature;
    params.Signature = OpenApiUtil.getRPCSignature(params, 'POST', account.accessKeySecret);
    return fetch(`${sandbox.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    }).then(async (r) => ({ status: r.status, ...((await r.json()) as { Code: string; Message: string }) }));
  };
  t.match(await send('1380013800', { code: '123456' }), { status: 200, Code: 'isv.MOBILE_NUMBER_ILLEGAL' }, 'ten digits');
  t.match(await send('+86 138 0013 8000', { code: '123456' }), { Code: 'isv.MOBILE_NUMBER_ILLEGAL' }, 'spaces are not a number');
  t.match(await send('861012345678', { code: '123456' }), { Code: 'isv.MOBILE_NUMBER_ILLEGAL' }, 'a landline cannot take an SMS');
  t.match(await send('13800138000', '{code:123456}'), { Code: 'isv.INVALID_JSON_PARAM' }, 'not JSON');
  t.match(await send('13800138000', { code: 123456 }), { Code: 'isv.INVALID_JSON_PARAM' }, 'values must be strings');
  t.match(await send('13800138000', {}), { Code: 'isv.TEMPLATE_MISSING_PARAMETERS' });
  t.match(await send('13800138000', { code: '1234567' }), { Code: 'isv.PARAM_LENGTH_LIMIT' }, 'a verification code is at most 6 characters');
  t.match(await send('13800138000', { code: '123456' }, 'SMS_000'), { Code: 'isv.SMS_TEMPLATE_ILLEGAL' });
  t.equal(sandbox.messages.length, 0, 'nothing refused was sent');
  t.match(await send('008613800138000', { code: '123456' }), { Code: 'OK' }, '0086 prefix accepted');
  t.match(await send('13800138000', { code: '654321' }), { Code: 'isv.BUSINESS_LIMIT_CONTROL' }, 'one a minute per number');
  t.match(await send('447911123456', { code: '654321' }), { Code: 'OK' }, 'a UK mobile');
});
