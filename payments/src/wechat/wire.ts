// Shapes of WeChat Pay API v3 bodies as they travel on the wire (reference 4.1).

export type TradeType = 'JSAPI' | 'NATIVE' | 'APP' | 'MICROPAY' | 'MWEB' | 'FACEPAY';
export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';

/** Body of POST /v3/pay/transactions/native and /jsapi (jsapi adds payer). */
export interface PrepayRequest {
  appid: string;
  mchid: string;
  description: string;
  out_trade_no: string;
  time_expire?: string;
  attach?: string;
  notify_url: string;
  goods_tag?: string;
  support_fapiao?: boolean;
  amount: { total: number; currency?: string };
  payer?: { openid: string };
  detail?: unknown;
  scene_info?: { payer_client_ip: string; device_id?: string };
  settle_info?: { profit_sharing?: boolean };
}

/** The Transaction returned by query and carried (encrypted) inside payment callbacks. */
export interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: TradeType;
  trade_state: TradeState;
  trade_state_desc: string;
  bank_type?: string;
  attach?: string;
  success_time?: string;
  payer?: { openid?: string };
  amount?: { total?: number; payer_total?: number; currency?: string; payer_currency?: string };
  promotion_detail?: unknown[];
}

export interface EncryptedResource {
  original_type?: string;
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** The callback body POSTed to notify_url. */
export interface NotificationBody {
  id: string;
  create_time: string;
  event_type: string;
  resource_type: string;
  summary: string;
  resource: EncryptedResource;
}

/** Error body of a non-2xx answer. */
export interface ErrorBody {
  code: string;
  message: string;
  detail?: unknown;
}

/** One entry of GET /v3/certificates. */
export interface CertificateEntry {
  serial_no: string;
  effective_time: string;
  expire_time: string;
  encrypt_certificate: EncryptedResource;
}

/** Headers WeChat adds to signed responses and callbacks (lower-case, as Node exposes them). */
export const HEADER = {
  timestamp: 'wechatpay-timestamp',
  nonce: 'wechatpay-nonce',
  signature: 'wechatpay-signature',
  serial: 'wechatpay-serial',
  signatureType: 'wechatpay-signature-type',
  requestId: 'request-id',
} as const;
