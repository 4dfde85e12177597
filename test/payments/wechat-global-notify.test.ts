// WeChat Pay Global callbacks fed to the overseas adapter, built with the official Node SDK's own
// primitives (wechatpay-axios-plugin: AesGcm encryption under the APIv3 key, SHA256withRSA over its
// Formatter.response message): payment callbacks report the CNY the payer paid and WeChat's rate,
// institutional mode names sp_mchid, refund events carry the refund, forgeries are refused.
import t from 'tap';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { NotificationRejected } from '../../payments/src/provider.js';
import { WechatPayAdapter, adapterConfigFromCredentials, generateWechatCredentials, type WechatPayConfig } from '../../payments/src/wechat/index.js';

const credentials = await generateWechatCredentials();
const base = adapterConfigFromCredentials(credentials, 'https://apihk.mch.weixin.qq.com');
const common: WechatPayConfig = { ...base, setup: 'overseas', merchantCategoryCode: '5942' };
const institutional: WechatPayConfig = { ...common, mode: 'institutional', subMchid: '1900000109' };

/** A callback exactly as WeChat sends it: encrypted resource, signed with the platform key. */
function callback(eventType: string, resource: object, opts: { originalType?: string; key?: string } = {}) {
  const nonce = Formatter.nonce(12);
  const ciphertext = Aes.AesGcm.encrypt(JSON.stringify(resource), credentials.apiV3Key, nonce, opts.originalType ?? 'transaction');
  const body = JSON.stringify({
    id: `EV-${Formatter.nonce(16)}`,
    create_time: '2026-11-23T18:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
    resource: {
      original_type: opts.originalType ?? 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext,
      associated_data: opts.originalType ?? 'transaction',
      nonce,
    },
  });
  const timestamp = String(Formatter.timestamp());
  const headerNonce = Formatter.nonce();
  const signature = Rsa.sign(Formatter.response(timestamp, headerNonce, body), opts.key ?? credentials.wechatpayPublicKey.privateKeyPem);
  return {
    rawBody: body,
    headers: {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': credentials.wechatpayPublicKey.keyId,
      'content-type': 'application/json',
    },
  };
}

const paid = {
  mchid: credentials.mchid,
  appid: credentials.appid,
  out_trade_no: 'SO2026112300001-1',
  id: '4200000000202611230000000001',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  attach: 'SO2026112300001',
  success_time: '2026-11-23T18:00:00+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 7500, currency: 'EUR', payer_total: 58234, payer_currency: 'CNY', exchange_rate: { type: 'SETTLEMENT_RATE', rate: 776453333 } },
};

t.test('a global payment callback: EUR amount checked, the payer CNY amount and the rate kept', async (t) => {
  const adapter = new WechatPayAdapter(common);
  t.equal(adapter.setup, 'overseas');
  const n = await adapter.verifyNotification(callback('TRANSACTION.SUCCESS', paid));
  t.match(n, {
    state: 'succeeded',
    outTradeNo: paid.out_trade_no,
    providerRef: paid.id,
    amountCents: 7500,
    currency: 'EUR',
    merchantId: credentials.mchid,
    appId: credentials.appid,
    eventType: 'TRANSACTION.SUCCESS',
  });
  t.same(n.payer, { amountMinor: 58234, currency: 'CNY', rate: 'SETTLEMENT_RATE 776453333' });
});

t.test('institutional mode: the institution ids identify the merchant, transaction_id is read too', async (t) => {
  const adapter = new WechatPayAdapter(institutional);
  const { mchid: _m, appid: _a, id: _id, ...rest } = paid;
  const n = await adapter.verifyNotification(
    callback('TRANSACTION.SUCCESS', {
      ...rest,
      sp_mchid: credentials.mchid,
      sp_appid: credentials.appid,
      sub_mchid: '1900000109',
      transaction_id: '4200000000202611230000000002',
    }),
  );
  t.match(n, { merchantId: credentials.mchid, appId: credentials.appid, providerRef: '4200000000202611230000000002', amountCents: 7500, currency: 'EUR' });
});

t.test('refund callbacks carry the refund for the refund ledger', async (t) => {
  const adapter = new WechatPayAdapter(common);
  const refund = {
    mchid: credentials.mchid,
    out_trade_no: paid.out_trade_no,
    transaction_id: paid.id,
    out_refund_no: 'RFSO2026112300001-1',
    refund_id: '50300000002026112300001',
    refund_status: 'SUCCESS',
    success_time: '2026-11-23T19:00:00+08:00',
    recv_account: '支付用户零钱',
    fund_source: 'REFUND_SOURCE_UNSETTLED_FUNDS',
    amount: { total: 7500, refund: 7500, currency: 'EUR', payer_total: 58234, payer_refund: 58234, payer_currency: 'CNY' },
  };
  const n = await adapter.verifyNotification(callback('REFUND.SUCCESS', refund, { originalType: 'refund' }));
  t.match(n.refund, { state: 'succeeded', refundNo: 'RFSO2026112300001-1', providerRefundId: refund.refund_id, amountMinor: 7500, currency: 'EUR' });
  const closed = await adapter.verifyNotification(callback('REFUND.CLOSED', { ...refund, refund_status: 'CLOSED' }, { originalType: 'refund' }));
  t.equal(closed.refund?.state, 'failed');
});

t.test('forged callbacks are refused', async (t) => {
  const adapter = new WechatPayAdapter(common);
  const stranger = await generateWechatCredentials();
  await t.rejects(adapter.verifyNotification(callback('TRANSACTION.SUCCESS', paid, { key: stranger.wechatpayPublicKey.privateKeyPem })), NotificationRejected);
  const good = callback('TRANSACTION.SUCCESS', paid);
  await t.rejects(adapter.verifyNotification({ ...good, rawBody: good.rawBody.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') }), {
    name: 'NotificationRejected',
    reason: 'bad_signature',
  });
});

t.test('the overseas setup is refused without its merchant category code; domestic refuses institutional mode', async (t) => {
  t.throws(() => new WechatPayAdapter({ ...common, merchantCategoryCode: undefined }), /merchantCategoryCode/);
  t.throws(() => new WechatPayAdapter({ ...base, setup: 'domestic', mode: 'institutional', subMchid: '1' }), /institutional/);
  t.throws(() => new WechatPayAdapter({ ...common, mode: 'institutional' }), /subMchid/);
});
