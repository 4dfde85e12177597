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

/** Who takes the money: appid + mchid (common mode), or sp_appid + sp_mchid + sub_mchid (+ sub_appid) in the global API's institutional mode. */
export interface MerchantIds {
  appid?: string;
  mchid?: string;
  sp_appid?: string;
  sp_mchid?: string;
  sub_mchid?: string;
  sub_appid?: string;
}

/**
 * The body of POST /v3/global/transactions/native|jsapi (cross-border reference 1.2): common mode
 * carries appid + mchid, institutional mode sp_appid + sp_mchid + sub_mchid (+ sub_appid).
 */
export interface GlobalPrepayRequest extends MerchantIds {
  description: string;
  out_trade_no: string;
  trade_type: 'NATIVE' | 'JSAPI';
  merchant_category_code: string;
  notify_url: string;
  attach?: string;
  time_expire?: string;
  amount: { total: number; currency: string };
  payer?: { openid?: string; sp_openid?: string; sub_openid?: string };
  scene_info?: { payer_client_ip: string };
}

/** The Transaction returned by query and carried (encrypted) inside payment callbacks. */
export interface Transaction extends MerchantIds {
  out_trade_no: string;
  transaction_id?: string;
  /** The global API's direct-mode samples name the WeChat transaction id `id`. */
  id?: string;
  trade_type?: TradeType;
  trade_state: TradeState;
  trade_state_desc: string;
  bank_type?: string;
  attach?: string;
  success_time?: string;
  payer?: { openid?: string };
  amount?: {
    total?: number;
    payer_total?: number;
    currency?: string;
    payer_currency?: string;
    /** Global API: the rate WeChat applied (type e.g. SETTLEMENT_RATE, rate a scaled integer). */
    exchange_rate?: { type?: string; rate?: number };
  };
  promotion_detail?: unknown[];
}

/** A refund as the refund APIs answer it (query key `status`) and refund callbacks carry it (`refund_status`). */
export interface RefundResource {
  mchid?: string;
  sp_mchid?: string;
  sub_mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  out_refund_no: string;
  refund_id?: string;
  id?: string;
  status?: string;
  refund_status?: string;
  success_time?: string;
  amount?: { total?: number; refund?: number; currency?: string; payer_total?: number; payer_refund?: number; payer_currency?: string };
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
