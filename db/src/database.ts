import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

export type Language = 'zh' | 'en';
export type Role = 'buyer' | 'operator';
export type BookFormat = 'ebook' | 'paper';
export type OrderStatus = 'pending_payment' | 'paid' | 'expired';
export type ShippingStatus = 'not_shipped' | 'shipped';
export type ProviderName = 'wechat' | 'alipay' | 'paypal' | 'bank_transfer';
export type IntentStatus = 'created' | 'pending' | 'succeeded' | 'failed' | 'closed' | 'expired';
export type ActorType = 'system' | 'buyer' | 'operator' | 'provider';
export type MirrorStatus = 'pending' | 'succeeded' | 'failed';
export type CodePurpose = 'register' | 'reset' | 'bind_email';

interface CountriesTable {
  code: string;
  name_en: string;
  name_zh: string;
  sort_order: ColumnType<number, number | undefined, number>;
}

interface UsersTable {
  id: Generated<number>;
  email: string | null;
  phone_area: string | null;
  phone_no: string | null;
  first_name: string;
  last_name: string;
  company: ColumnType<string, string | undefined, string>;
  country_code: string | null;
  language: ColumnType<Language, Language | undefined, Language>;
  password_hash: string;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  role: ColumnType<Role, Role | undefined, Role>;
  login_first: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The payer id WeChat's web authorization gave for this session, under wechat_appid. */
  wechat_openid: string | null;
  wechat_appid: string | null;
}

interface CaptchasTable {
  id: string;
  answer_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  verified_at: Timestamp | null;
}

interface VerificationCodesTable {
  id: Generated<string>;
  target: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  consumed_at: Timestamp | null;
  flow_hash: string | null;
}

interface RegistrationMirrorsTable {
  user_id: number;
  status: ColumnType<MirrorStatus, MirrorStatus | undefined, MirrorStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  last_attempt_at: Timestamp | null;
  succeeded_at: Timestamp | null;
  created_at: CreatedAt;
  sealed_password: string | null;
}

interface ReportStatesTable {
  user_id: number;
  report_id: string;
  page_no: ColumnType<string, string | undefined, string>;
  operation_module: ColumnType<string, string | undefined, string>;
  operation_sub_module: ColumnType<string, string | undefined, string>;
  save_or_submit: string | null;
  course_name: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

interface BooksTable {
  id: number;
  title_en: string;
  title_zh: string;
  introduction_en: ColumnType<string, string | undefined, string>;
  introduction_zh: ColumnType<string, string | undefined, string>;
  cover: string;
  price_cents: number;
  currency: ColumnType<string, string | undefined, string>;
  pdf_file: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  edition_en: ColumnType<string | null, string | null | undefined, string | null>;
  edition_zh: ColumnType<string | null, string | null | undefined, string | null>;
  pages: ColumnType<number | null, number | null | undefined, number | null>;
  isbn: ColumnType<string | null, string | null | undefined, string | null>;
  /** A date column: pg answers it as a Date at local midnight, written as YYYY-MM-DD. */
  published_on: ColumnType<Date | null, string | null | undefined, string | null>;
  description_en: ColumnType<string, string | undefined, string>;
  description_zh: ColumnType<string, string | undefined, string>;
  /** The Chinese cover; `cover` is the English one. */
  cover_zh: ColumnType<string | null, string | null | undefined, string | null>;
}

interface OrdersTable {
  id: Generated<string>;
  order_no: string;
  user_id: number;
  book_id: number;
  format: BookFormat;
  language: ColumnType<Language, Language | undefined, Language>;
  country: string;
  pay_type: 2 | 3;
  provider: ProviderName | null;
  unit_price_cents: number;
  quantity: ColumnType<number, number | undefined, number>;
  amount_cents: number;
  currency: ColumnType<string, string | undefined, string>;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  shipping_status: ColumnType<ShippingStatus, ShippingStatus | undefined, ShippingStatus>;
  invoice_required: ColumnType<boolean, boolean | undefined, boolean>;
  bank_reference: string | null;
  remarks: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  shipped_at: Timestamp | null;
  refunded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

interface PurchaseInfosTable {
  order_id: string;
  street_number: string;
  zip: string;
  town: string;
  province: string | null;
  country: string;
  vat_id: string | null;
  letterbox: string | null;
  landline_tel: string | null;
  mobile_tel: string | null;
  purchase_order_no: string | null;
  payment_method: number;
  sel_language: string | null;
  created_at: CreatedAt;
}

interface InvoicesTable {
  order_id: string;
  invoice_type: 'vat_general' | 'vat_special';
  invoice_payable: string | null;
  services: string | null;
  taxpayer_inden: string | null;
  registered_office: string | null;
  finance_phone: string | null;
  account_opening_bank: string | null;
  bank_account: string | null;
  pickup_method: 'express' | 'electronic' | null;
  recipient_name: string | null;
  contact_phone: string | null;
  contact_area: string | null;
  contact_mail: string | null;
  province: string | null;
  city: string | null;
  area: string | null;
  detailed_address: string | null;
  created_at: CreatedAt;
}

interface PaymentIntentsTable {
  id: Generated<string>;
  order_id: string;
  provider: ProviderName;
  method: string;
  out_trade_no: string;
  provider_ref: string | null;
  status: ColumnType<IntentStatus, IntentStatus | undefined, IntentStatus>;
  amount_cents: number;
  currency: string;
  next_action: Json | null;
  poll_attempts: ColumnType<number, number | undefined, number>;
  next_poll_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  succeeded_at: Timestamp | null;
  closed_at: Timestamp | null;
  /** The order's own amount when the attempt charges another currency (domestic CNY setups). */
  order_amount_cents: ColumnType<number | null, number | null | undefined, number | null>;
  order_currency: ColumnType<string | null, string | null | undefined, string | null>;
  /** The dated conversion rate used, with its source. */
  fx_rate: ColumnType<string | null, string | null | undefined, string | null>;
  fx_source: ColumnType<string | null, string | null | undefined, string | null>;
  fx_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the payer was charged, as the provider reported it (cross-border products). */
  payer_amount: ColumnType<number | null, number | null | undefined, number | null>;
  payer_currency: ColumnType<string | null, string | null | undefined, string | null>;
  payer_rate: ColumnType<string | null, string | null | undefined, string | null>;
}

export type RefundKind = 'order' | 'duplicate_payment';
export type RefundRowStatus = 'requested' | 'pending' | 'succeeded' | 'failed';

interface RefundsTable {
  id: Generated<string>;
  refund_no: string;
  order_id: string;
  intent_id: string;
  provider: ProviderName;
  kind: RefundKind;
  amount_minor: number;
  currency: string;
  status: ColumnType<RefundRowStatus, RefundRowStatus | undefined, RefundRowStatus>;
  provider_refund_id: string | null;
  reference: string | null;
  reason: string | null;
  requested_by: number | null;
  last_error: string | null;
  poll_attempts: ColumnType<number, number | undefined, number>;
  next_poll_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  completed_at: Timestamp | null;
}

interface ProviderEventsTable {
  id: Generated<string>;
  provider: string;
  event_id: string;
  intent_id: string | null;
  event_type: string | null;
  headers: ColumnType<Record<string, unknown>, string | undefined, string>;
  raw_body: string;
  verified: boolean;
  outcome: string;
  error: string | null;
  received_at: CreatedAt;
  processed_at: Timestamp | null;
}

interface OrderEventsTable {
  id: Generated<string>;
  order_id: string;
  type: string;
  actor_type: ActorType;
  actor_id: string | null;
  before: Json | null;
  after: Json | null;
  data: Json | null;
  created_at: CreatedAt;
}

interface OutboxTable {
  id: Generated<string>;
  queue: string;
  job_name: string;
  job_id: string;
  payload: Json;
  available_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
  relayed_at: Timestamp | null;
  relay_attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
}

/** Audit trail of admin actions whose subject is not an order (append-only, like order_events). */
interface PaymentAttemptEventsTable {
  id: Generated<string>;
  intent_id: string;
  from_status: IntentStatus | null;
  to_status: IntentStatus;
  actor_type: ActorType;
  actor_id: string | null;
  data: Json | null;
  created_at: Generated<Date>;
}

interface AuditEventsTable {
  id: Generated<string>;
  subject_type: string;
  subject_id: string;
  type: string;
  actor_type: ActorType;
  actor_id: string | null;
  before: Json | null;
  after: Json | null;
  data: Json | null;
  created_at: CreatedAt;
}

interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  response: Json | null;
  created_at: CreatedAt;
}

export interface Database {
  countries: CountriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  registration_mirrors: RegistrationMirrorsTable;
  report_states: ReportStatesTable;
  books: BooksTable;
  orders: OrdersTable;
  purchase_infos: PurchaseInfosTable;
  invoices: InvoicesTable;
  payment_intents: PaymentIntentsTable;
  refunds: RefundsTable;
  provider_events: ProviderEventsTable;
  order_events: OrderEventsTable;
  outbox: OutboxTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_events: AuditEventsTable;
  payment_attempt_events: PaymentAttemptEventsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Book = Selectable<BooksTable>;
export type Country = Selectable<CountriesTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type PaymentIntent = Selectable<PaymentIntentsTable>;
export type Refund = Selectable<RefundsTable>;
export type OrderEvent = Selectable<OrderEventsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type Session = Selectable<SessionsTable>;
export type RegistrationMirror = Selectable<RegistrationMirrorsTable>;
export type AuditEvent = Selectable<AuditEventsTable>;
export type PaymentAttemptEvent = Selectable<PaymentAttemptEventsTable>;
