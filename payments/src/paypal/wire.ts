// The slice of PayPal's JSON wire format (Orders v2, Payments v2 captures, Webhooks v1) that the
// adapter and the sandbox read or write. Field names are PayPal's snake_case on purpose: these
// objects are (de)serialised as they travel.

export interface PaypalMoney {
  currency_code: string;
  value: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD' | 'CONNECT' | 'OPTIONS';
}

export type PaypalOrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

export type PaypalCaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface PaypalPayee {
  email_address?: string;
  merchant_id?: string;
}

export interface PaypalCapture {
  id: string;
  status: PaypalCaptureStatus;
  status_details?: { reason?: string };
  amount?: PaypalMoney;
  invoice_id?: string;
  custom_id?: string;
  final_capture?: boolean;
  seller_protection?: { status: string; dispute_categories?: string[] };
  seller_receivable_breakdown?: { gross_amount: PaypalMoney; paypal_fee?: PaypalMoney; net_amount?: PaypalMoney };
  /** Present on capture resources inside webhook events. */
  supplementary_data?: { related_ids?: { order_id?: string } };
  payee?: PaypalPayee;
  links?: PaypalLink[];
  create_time?: string;
  update_time?: string;
}

export interface PaypalPurchaseUnit {
  reference_id?: string;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  amount?: PaypalMoney;
  payee?: PaypalPayee;
  payments?: { captures?: PaypalCapture[] };
}

export interface PaypalExperienceContext {
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  locale?: string;
  shipping_preference?: string;
  user_action?: string;
}

export interface PaypalOrder {
  id: string;
  status: PaypalOrderStatus;
  intent?: 'CAPTURE' | 'AUTHORIZE';
  purchase_units?: PaypalPurchaseUnit[];
  payer?: { payer_id?: string; email_address?: string; name?: { given_name?: string; surname?: string } };
  payment_source?: { paypal?: Record<string, unknown> };
  links?: PaypalLink[];
  create_time?: string;
  update_time?: string;
}

export interface PaypalOrderRequest {
  intent: 'CAPTURE' | 'AUTHORIZE';
  purchase_units: Array<{
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: PaypalMoney;
  }>;
  payment_source?: { paypal?: { experience_context?: PaypalExperienceContext } };
  /** Legacy form of experience_context, still in the spec. */
  application_context?: PaypalExperienceContext;
}

/** PayPal's error body (4xx/5xx on the REST APIs). */
export interface PaypalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: Array<{ field?: string; value?: string; location?: string; issue: string; description?: string }>;
  links?: PaypalLink[];
  /** OAuth endpoints answer in RFC 6749 style instead. */
  error?: string;
  error_description?: string;
}

export interface PaypalTokenResponse {
  scope?: string;
  access_token: string;
  token_type: string;
  app_id?: string;
  expires_in: number;
  nonce?: string;
}

export interface PaypalWebhookEvent {
  id: string;
  event_version?: string;
  create_time?: string;
  resource_type?: string;
  resource_version?: string;
  event_type: string;
  summary?: string;
  resource: Record<string, unknown>;
  links?: PaypalLink[];
}

/** Header names of a webhook transmission (lower-cased, as Node delivers them). */
export const WEBHOOK_HEADERS = {
  transmissionId: 'paypal-transmission-id',
  transmissionTime: 'paypal-transmission-time',
  transmissionSig: 'paypal-transmission-sig',
  certUrl: 'paypal-cert-url',
  authAlgo: 'paypal-auth-algo',
} as const;
