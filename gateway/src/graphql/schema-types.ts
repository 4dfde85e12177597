// Generated from schema/sdl by scripts/gen-graphql-types.mjs; do not edit (run `npm run gen:graphql`).
/* eslint-disable */
import type { GraphQLResolveInfo } from "graphql";
import type { ShopContext } from "./context.js";
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = {
  [K in keyof T]: T[K];
};
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & {
  [SubKey in K]?: Maybe<T[SubKey]>;
};
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & {
  [SubKey in K]: Maybe<T[SubKey]>;
};
export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) =>
  | Promise<import("mercurius-codegen").DeepPartial<TResult>>
  | import("mercurius-codegen").DeepPartial<TResult>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & {
  [P in K]-?: NonNullable<T[P]>;
};
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: string;
  String: string;
  Boolean: boolean;
  Int: number;
  Float: number;
  _FieldSet: any;
};

export type Query = {
  __typename?: "Query";
  /** Build version of the API; the SPA compares it with its own. */
  version: Scalars["String"];
  me?: Maybe<User>;
  captcha: Captcha;
  /** Whether an email already has an account (0/1 in the legacy API). */
  emailRegistered: Scalars["Boolean"];
  /** Accounts newest first; search is part of an email, phone number, name or company, or an account id. pageSize 10, 20, 50 or 100. */
  adminAccounts: AdminAccountPage;
  adminAccount?: Maybe<AdminAccount>;
  /** The audit trail of an account (disabled, enabled, password changed, email bound), oldest first. */
  accountEvents: Array<AuditEvent>;
  /** Every buyer's orders, newest first; pageSize is 10, 20, 50 or 100. */
  adminOrders: AdminOrderPage;
  adminOrder?: Maybe<AdminOrder>;
  /** The audit trail of an order, oldest first. */
  orderEvents: Array<AuditEvent>;
  /** Registration mirror states, newest account first; pageSize is 10, 20, 50 or 100. */
  registrationMirrors: RegistrationMirrorPage;
  /** The audit trail of an account's registration mirror (operator retries), oldest first. */
  registrationMirrorEvents: Array<AuditEvent>;
  books: Array<Book>;
  book?: Maybe<Book>;
  countries: Array<Country>;
  /** The buyer's own orders, newest first; pageSize is 10, 20 or 50. */
  orders: OrderPage;
  order?: Maybe<Order>;
  purchaseInfo?: Maybe<PurchaseInfo>;
  /** The latest payment attempt of one of the buyer's orders. */
  paymentIntent?: Maybe<PaymentIntent>;
  /** A day (YYYY-MM-DD): each provider's latest run, its totals side by side, and the day's differences. */
  reconciliationDay: ReconciliationDay;
  /** Days from..to (YYYY-MM-DD, at most 92 days) that have runs, newest first, with their open differences. */
  reconciliationDays: Array<ReconciliationDaySummary>;
  /** The audit trail of a difference, oldest first: its verdict and who resolved it how. */
  reconciliationItemEvents: Array<AuditEvent>;
};

export type QueryemailRegisteredArgs = {
  email: Scalars["String"];
};

export type QueryadminAccountsArgs = {
  search?: InputMaybe<Scalars["String"]>;
  page?: InputMaybe<Scalars["Int"]>;
  pageSize?: InputMaybe<Scalars["Int"]>;
};

export type QueryadminAccountArgs = {
  userId: Scalars["ID"];
};

export type QueryaccountEventsArgs = {
  userId: Scalars["ID"];
};

export type QueryadminOrdersArgs = {
  filter?: InputMaybe<AdminOrderFilter>;
  page?: InputMaybe<Scalars["Int"]>;
  pageSize?: InputMaybe<Scalars["Int"]>;
};

export type QueryadminOrderArgs = {
  orderNo: Scalars["ID"];
};

export type QueryorderEventsArgs = {
  orderNo: Scalars["ID"];
};

export type QueryregistrationMirrorsArgs = {
  status?: InputMaybe<MirrorStatus>;
  page?: InputMaybe<Scalars["Int"]>;
  pageSize?: InputMaybe<Scalars["Int"]>;
};

export type QueryregistrationMirrorEventsArgs = {
  userId: Scalars["ID"];
};

export type QuerybooksArgs = {
  language?: InputMaybe<Language>;
};

export type QuerybookArgs = {
  id: Scalars["ID"];
  language?: InputMaybe<Language>;
};

export type QueryordersArgs = {
  filter?: InputMaybe<OrderFilter>;
  page?: InputMaybe<Scalars["Int"]>;
  pageSize?: InputMaybe<Scalars["Int"]>;
};

export type QueryorderArgs = {
  orderNo: Scalars["ID"];
};

export type QuerypurchaseInfoArgs = {
  orderNo: Scalars["ID"];
};

export type QuerypaymentIntentArgs = {
  orderNo: Scalars["ID"];
};

export type QueryreconciliationDayArgs = {
  date: Scalars["String"];
};

export type QueryreconciliationDaysArgs = {
  from: Scalars["String"];
  to: Scalars["String"];
};

export type QueryreconciliationItemEventsArgs = {
  itemId: Scalars["ID"];
};

export type AccountChange = {
  __typename?: "AccountChange";
  /** The user as it is now. */
  user: User;
  /** Other sessions of the account that were ended. */
  sessionsEnded: Scalars["Int"];
};

/** The logged-in user (spec section 3, login response without the token). */
export type User = {
  __typename?: "User";
  userId: Scalars["ID"];
  firstName: Scalars["String"];
  lastName: Scalars["String"];
  email: Scalars["String"];
  phoneArea: Scalars["String"];
  phoneNo: Scalars["String"];
  language: Language;
  loginFirst: Scalars["Boolean"];
  role: Scalars["String"];
  company: Scalars["String"];
};

export type Captcha = {
  __typename?: "Captcha";
  /** SVG image as a data URL; the answer is bound to this client by an HttpOnly cookie. */
  image: Scalars["String"];
  expiresInSeconds: Scalars["Int"];
};

export type LoginPayload = {
  __typename?: "LoginPayload";
  user: User;
  /** Also set as the HttpOnly `token` cookie; send it as `Authorization: Bearer` from non-browser clients. */
  accessToken: Scalars["String"];
  expiresAt: Scalars["String"];
};

export type CodePurpose = "REGISTER" | "RESET";

export type RegisterInput = {
  /** An email account; or leave it out and give phoneArea + phoneNo for a phone account. */
  email?: InputMaybe<Scalars["String"]>;
  /** e.g. +86 (the default); with phoneNo, for a phone account (the code went there by SMS). */
  phoneArea?: InputMaybe<Scalars["String"]>;
  phoneNo?: InputMaybe<Scalars["String"]>;
  code: Scalars["String"];
  firstName: Scalars["String"];
  lastName: Scalars["String"];
  company: Scalars["String"];
  password: Scalars["String"];
  confirmPassword: Scalars["String"];
  agreement: Scalars["Boolean"];
  language?: InputMaybe<Language>;
  countryCode?: InputMaybe<Scalars["String"]>;
};

export type Mutation = {
  __typename?: "Mutation";
  /** Sends a 6-digit code by mail. Account is an email, or '+86 <phone>' for RESET. RESET answers true whether or not the account exists (only an existing one gets the mail); REGISTER refuses a registered email with ACCOUNT_EXISTS. */
  requestCode: Scalars["Boolean"];
  confirmCode: Scalars["Boolean"];
  register: LoginPayload;
  login: LoginPayload;
  logout: Scalars["Boolean"];
  /** Needs a code confirmed with confirmCode(purpose: RESET) first. */
  resetPassword: Scalars["Boolean"];
  /** Changes the password; the old one is checked ('Old password error!'). */
  changePassword: AccountChange;
  /** Sets the password of an account whose loginFirst is set, without the old one. */
  setFirstPassword: AccountChange;
  /** Mails a code to the email to bind (a phone account) or to change to. */
  requestEmailBindingCode: Scalars["Boolean"];
  /** Binds the email with the mailed code; it becomes the login and the e-book password. */
  bindEmail: AccountChange;
  /**
   * Disables an account: it cannot log in and every session of it ends at once. A reason longer than
   * 200 characters is refused (BAD_USER_INPUT), as refundOrder's, and nothing changes.
   */
  disableAccount: AdminAccountChange;
  /** Enables a disabled account; its reason is limited like disableAccount's. */
  enableAccount: AdminAccountChange;
  /** Marks a paid paper order shipped. */
  markOrderShipped: AdminOrderChange;
  /**
   * Issues a paid order's paper invoice sent by courier: records the express company and the tracking
   * number, moves the invoice status to ISSUED and mails the buyer. An electronic invoice is issued by
   * uploading its file (PUT /api/admin/orders/{orderNo}/invoice). Refused when the order asked for no
   * invoice, is not paid, is refunded, was issued already, or asked for an electronic invoice.
   */
  recordInvoiceShipment: AdminOrderChange;
  /**
   * Records a pending bank-transfer order's money as received. A worker settles the order and sends
   * the receipt moments later: the answer shows completionRequested, poll adminOrder for PAID.
   */
  markBankTransferCompleted: AdminOrderChange;
  /**
   * Refunds a paid order, the whole amount of the payment that paid it, at its provider. A bank
   * transfer is sent back by the operator, who records its reference here. A reason longer than 200
   * characters is refused (BAD_USER_INPUT) and nothing changes.
   */
  refundOrder: AdminRefundChange;
  /** Refunds a duplicate payment (another attempt that also took money for the order). */
  refundDuplicatePayment: AdminRefundChange;
  /** Sends a failed registration mirror again. */
  retryRegistrationMirror: RegistrationMirrorChange;
  /**
   * Records a paper-book order for a buyer who contacted customer service. Send an
   * Idempotency-Key header to make a retry of the same request safe.
   */
  recordPaperOrder: AdminOrderChange;
  /**
   * Creates (or reuses the open) order for this book and format and starts a payment attempt.
   * Send an Idempotency-Key header to make retries safe.
   */
  checkout: CheckoutPayload;
  /**
   * Checks (and, if the provider says so, settles) the payment of one of the buyer's orders, by
   * order number, out_trade_no (Alipay return) or PayPal order id (token of the PayPal return).
   */
  checkPayment: PaymentCheck;
  /**
   * Resolves an open difference: SETTLE the attempt the provider billed as paid, REFUND a duplicate
   * payment, or ACKNOWLEDGE it with a note (required; at most 500 characters). Refused, changing
   * nothing, when the difference is resolved already or the action does not fit it.
   */
  resolveReconciliationItem: ReconciliationItemChange;
  /**
   * Queues a new reconciliation of a provider's day (a day that is over, in the provider's time zone).
   * A re-run stores nothing twice: it adds what the bill holds now.
   */
  rerunReconciliation: ReconciliationRerun;
};

export type MutationrequestCodeArgs = {
  account: Scalars["String"];
  purpose: CodePurpose;
};

export type MutationconfirmCodeArgs = {
  account: Scalars["String"];
  purpose: CodePurpose;
  code: Scalars["String"];
};

export type MutationregisterArgs = {
  input: RegisterInput;
};

export type MutationloginArgs = {
  account: Scalars["String"];
  password: Scalars["String"];
  captcha: Scalars["String"];
};

export type MutationresetPasswordArgs = {
  account: Scalars["String"];
  password: Scalars["String"];
  confirmPassword: Scalars["String"];
};

export type MutationchangePasswordArgs = {
  oldPassword: Scalars["String"];
  password: Scalars["String"];
  confirmPassword: Scalars["String"];
};

export type MutationsetFirstPasswordArgs = {
  password: Scalars["String"];
  confirmPassword: Scalars["String"];
};

export type MutationrequestEmailBindingCodeArgs = {
  email: Scalars["String"];
};

export type MutationbindEmailArgs = {
  email: Scalars["String"];
  code: Scalars["String"];
};

export type MutationdisableAccountArgs = {
  userId: Scalars["ID"];
  reason?: InputMaybe<Scalars["String"]>;
};

export type MutationenableAccountArgs = {
  userId: Scalars["ID"];
  reason?: InputMaybe<Scalars["String"]>;
};

export type MutationmarkOrderShippedArgs = {
  orderNo: Scalars["ID"];
};

export type MutationrecordInvoiceShipmentArgs = {
  orderNo: Scalars["ID"];
  courier: Scalars["String"];
  trackingNo: Scalars["String"];
};

export type MutationmarkBankTransferCompletedArgs = {
  orderNo: Scalars["ID"];
  reference: Scalars["String"];
};

export type MutationrefundOrderArgs = {
  orderNo: Scalars["ID"];
  reason?: InputMaybe<Scalars["String"]>;
  reference?: InputMaybe<Scalars["String"]>;
};

export type MutationrefundDuplicatePaymentArgs = {
  orderNo: Scalars["ID"];
  attemptId: Scalars["ID"];
  reason?: InputMaybe<Scalars["String"]>;
  reference?: InputMaybe<Scalars["String"]>;
};

export type MutationretryRegistrationMirrorArgs = {
  userId: Scalars["ID"];
};

export type MutationrecordPaperOrderArgs = {
  input: RecordPaperOrderInput;
};

export type MutationcheckoutArgs = {
  input: CheckoutInput;
};

export type MutationcheckPaymentArgs = {
  reference: Scalars["ID"];
};

export type MutationresolveReconciliationItemArgs = {
  itemId: Scalars["ID"];
  action: ReconciliationAction;
  note?: InputMaybe<Scalars["String"]>;
};

export type MutationrerunReconciliationArgs = {
  provider: PaymentProvider;
  date: Scalars["String"];
};

export type AdminAccount = {
  __typename?: "AdminAccount";
  userId: Scalars["ID"];
  email?: Maybe<Scalars["String"]>;
  phoneArea?: Maybe<Scalars["String"]>;
  phoneNo?: Maybe<Scalars["String"]>;
  name: Scalars["String"];
  company: Scalars["String"];
  role: Scalars["String"];
  language: Language;
  disabled: Scalars["Boolean"];
  loginFirst: Scalars["Boolean"];
  /** ISO 8601. */
  createdAt: Scalars["String"];
  orderCount: Scalars["Int"];
  /** Sessions still open (neither logged out, revoked nor expired). */
  openSessions: Scalars["Int"];
  /** The account's mirror at the external registration service, null when it has none. */
  mirrorStatus?: Maybe<MirrorStatus>;
  mirrorLastError?: Maybe<Scalars["String"]>;
  /** The account's orders, newest first (at most 50). */
  orders: Array<AdminOrder>;
};

export type AdminAccountPage = {
  __typename?: "AdminAccountPage";
  items: Array<AdminAccount>;
  total: Scalars["Int"];
  page: Scalars["Int"];
  pageSize: Scalars["Int"];
};

export type AdminAccountChange = {
  __typename?: "AdminAccountChange";
  /** False when the account was in that state already. */
  changed: Scalars["Boolean"];
  /** Sessions ended by this change (disabling ends every session at once). */
  sessionsEnded: Scalars["Int"];
  account: AdminAccount;
};

export type PaymentProvider = "WECHAT" | "ALIPAY" | "PAYPAL" | "BANK_TRANSFER";

export type ActorType = "SYSTEM" | "BUYER" | "OPERATOR" | "PROVIDER";

export type MirrorStatus = "PENDING" | "SUCCEEDED" | "FAILED";

export type AdminOrderFilter = {
  status?: InputMaybe<OrderStatus>;
  /** 2 provider checkout, 3 offline (bank transfer). */
  payType?: InputMaybe<Scalars["Int"]>;
  provider?: InputMaybe<PaymentProvider>;
  shippingStatus?: InputMaybe<ShippingStatus>;
  format?: InputMaybe<BookFormat>;
  /** NONE: no invoice asked for; REQUIRED: asked for, not issued yet; ISSUED. */
  invoiceStatus?: InputMaybe<InvoiceStatus>;
  /** Created at or after: ISO 8601 date-time, or a date (YYYY-MM-DD, from the start of that day, UTC). */
  createdFrom?: InputMaybe<Scalars["String"]>;
  /** Created at or before: ISO 8601 date-time, or a date (YYYY-MM-DD, up to the end of that day, UTC). */
  createdTo?: InputMaybe<Scalars["String"]>;
  /** Part of an order number or of a buyer's email, case-insensitive. */
  search?: InputMaybe<Scalars["String"]>;
};

export type AdminOrder = {
  __typename?: "AdminOrder";
  orderNo: Scalars["ID"];
  /** ISO 8601. */
  createdAt: Scalars["String"];
  bookId: Scalars["ID"];
  /** In the request language. */
  bookName: Scalars["String"];
  format: BookFormat;
  /** Language edition of the book. */
  language: Language;
  country: Scalars["String"];
  quantity: Scalars["Int"];
  unitPriceCents: Scalars["Int"];
  /** 2 provider checkout, 3 offline (bank transfer). */
  payType: Scalars["Int"];
  provider?: Maybe<PaymentProvider>;
  paymentMethod?: Maybe<PaymentMethod>;
  amountCents: Scalars["Int"];
  /** Two decimals, e.g. 75.00. */
  amount: Scalars["String"];
  currency: Scalars["String"];
  status: OrderStatus;
  shippingStatus: ShippingStatus;
  invoiceRequired: Scalars["Boolean"];
  /** The invoice details when invoiceRequired, else null. */
  invoice?: Maybe<Invoice>;
  invoiceStatus: InvoiceStatus;
  /** The issued invoice once invoiceStatus is ISSUED, else null. */
  issuedInvoice?: Maybe<IssuedInvoice>;
  /** A paid order whose invoice was asked for and is not issued yet (not refunded). */
  canIssueInvoice: Scalars["Boolean"];
  buyerId: Scalars["ID"];
  buyerEmail: Scalars["String"];
  buyerName: Scalars["String"];
  remarks?: Maybe<Scalars["String"]>;
  paidAt?: Maybe<Scalars["String"]>;
  shippedAt?: Maybe<Scalars["String"]>;
  expiresAt: Scalars["String"];
  /** The payment reference the buyer quotes on a bank transfer (the order number). */
  bankReference?: Maybe<Scalars["String"]>;
  /** The provider's reference of the latest attempt; for a completed bank transfer, the reference the operator recorded. */
  providerRef?: Maybe<Scalars["String"]>;
  /** A bank-transfer completion was requested; a worker settles it and sends the receipt. */
  completionRequested: Scalars["Boolean"];
  /** A pending bank-transfer order whose completion was not requested yet. */
  canCompleteBankTransfer: Scalars["Boolean"];
  /** A paid paper order not shipped yet. */
  canMarkShipped: Scalars["Boolean"];
  /** The shipping address and purchase details. */
  purchaseInfo?: Maybe<PurchaseInfo>;
  /** ISO 8601; set once the order's payment went back to the buyer. */
  refundedAt?: Maybe<Scalars["String"]>;
  /** A paid order whose payment has not been (and is not being) refunded. */
  canRefund: Scalars["Boolean"];
  /** Every payment attempt, oldest first, with what the provider was asked for and its refunds. */
  attempts: Array<AdminPaymentAttempt>;
};

export type RefundStatus =
  /** Recorded; the provider is being asked. */
  | "REQUESTED"
  /** The provider accepted it; its result is awaited (notification or polling). */
  | "PENDING"
  | "SUCCEEDED"
  /** Refused or closed at the provider; it can be asked again (under a new refund number). */
  | "FAILED";

export type RefundKind =
  /** The payment of the order itself (the whole amount). */
  | "ORDER"
  /** A second payment for an order that was already paid. */
  | "DUPLICATE_PAYMENT";

export type AdminRefund = {
  __typename?: "AdminRefund";
  /** The idempotency key sent to the provider, derived from the attempt's out_trade_no. */
  refundNo: Scalars["ID"];
  kind: RefundKind;
  status: RefundStatus;
  /** In the attempt's currency at the provider. */
  amount: Scalars["String"];
  currency: Scalars["String"];
  /** Bank transfers: the reference of the transfer back. */
  reference?: Maybe<Scalars["String"]>;
  reason?: Maybe<Scalars["String"]>;
  providerRefundId?: Maybe<Scalars["String"]>;
  lastError?: Maybe<Scalars["String"]>;
  createdAt: Scalars["String"];
  completedAt?: Maybe<Scalars["String"]>;
};

/** One payment attempt as the provider saw it. */
export type AdminPaymentAttempt = {
  __typename?: "AdminPaymentAttempt";
  id: Scalars["ID"];
  outTradeNo: Scalars["ID"];
  provider: Scalars["String"];
  method: Scalars["String"];
  status: PaymentIntentStatus;
  /** What the provider was asked for (CNY for a domestic setup). */
  amount: Scalars["String"];
  currency: Scalars["String"];
  /** The order's own amount when the attempt was converted, with the rate, its source and date. */
  orderAmount?: Maybe<Scalars["String"]>;
  orderCurrency?: Maybe<Scalars["String"]>;
  exchangeRate?: Maybe<Scalars["String"]>;
  exchangeRateSource?: Maybe<Scalars["String"]>;
  exchangeRateDate?: Maybe<Scalars["String"]>;
  /** What the payer was charged, as the provider reported it (cross-border products), and its rate. */
  payerAmount?: Maybe<Scalars["String"]>;
  payerCurrency?: Maybe<Scalars["String"]>;
  payerRate?: Maybe<Scalars["String"]>;
  /** ORDER for the payment that paid the order, DUPLICATE_PAYMENT for another one that also took money. */
  role?: Maybe<RefundKind>;
  /** Money was taken and nothing is refunded or being refunded. */
  canRefund: Scalars["Boolean"];
  refunds: Array<AdminRefund>;
  createdAt: Scalars["String"];
};

/** The answer of a refund request: the refund and the order as they are now. */
export type AdminRefundChange = {
  __typename?: "AdminRefundChange";
  /** False when this payment's refund had been asked for already (repeating is harmless). */
  changed: Scalars["Boolean"];
  refund: AdminRefund;
  order: AdminOrder;
};

export type AdminOrderPage = {
  __typename?: "AdminOrderPage";
  items: Array<AdminOrder>;
  /** Every order matching the filter, not only this page. */
  total: Scalars["Int"];
  page: Scalars["Int"];
  pageSize: Scalars["Int"];
};

/** One entry of an audit trail: who did what, when, and the state before and after. */
export type AuditEvent = {
  __typename?: "AuditEvent";
  id: Scalars["ID"];
  /** e.g. created, bank_transfer_completion_requested, paid, shipped, expired, mirror_retry_requested. */
  type: Scalars["String"];
  actorType: ActorType;
  /** A user id for buyers and operators, the provider's name for providers. */
  actorId?: Maybe<Scalars["String"]>;
  /** The email of the acting buyer or operator. */
  actorEmail?: Maybe<Scalars["String"]>;
  /** ISO 8601. */
  createdAt: Scalars["String"];
  /** JSON text of the state before, or null. */
  before?: Maybe<Scalars["String"]>;
  /** JSON text of the state after, or null. */
  after?: Maybe<Scalars["String"]>;
  /** JSON text of details (source, reference, ...), or null. */
  data?: Maybe<Scalars["String"]>;
};

/** The answer of an order action: the order as it is now. */
export type AdminOrderChange = {
  __typename?: "AdminOrderChange";
  /** False when the action had been done already (nothing changed; repeating is harmless). */
  changed: Scalars["Boolean"];
  order: AdminOrder;
};

/** The mirror of an account at the external registration service. */
export type RegistrationMirror = {
  __typename?: "RegistrationMirror";
  userId: Scalars["ID"];
  email?: Maybe<Scalars["String"]>;
  name: Scalars["String"];
  status: MirrorStatus;
  attempts: Scalars["Int"];
  lastError?: Maybe<Scalars["String"]>;
  lastAttemptAt?: Maybe<Scalars["String"]>;
  succeededAt?: Maybe<Scalars["String"]>;
  createdAt: Scalars["String"];
};

export type RegistrationMirrorPage = {
  __typename?: "RegistrationMirrorPage";
  items: Array<RegistrationMirror>;
  total: Scalars["Int"];
  page: Scalars["Int"];
  pageSize: Scalars["Int"];
};

export type RegistrationMirrorChange = {
  __typename?: "RegistrationMirrorChange";
  /** False when the mirror was not failed (a retry is running already, or it landed). */
  changed: Scalars["Boolean"];
  mirror: RegistrationMirror;
};

export type RecordPaperOrderInput = {
  /** Email of the buyer's existing account. */
  buyerEmail: Scalars["String"];
  bookId: Scalars["ID"];
  /** Language edition of the book. */
  language: Language;
  country: Scalars["String"];
  /** Shipping address and purchase details. */
  purchaseInfo: PurchaseInfoInput;
  /** 1 to 99; the price is the catalogue price times the quantity. */
  quantity?: InputMaybe<Scalars["Int"]>;
  remarks?: InputMaybe<Scalars["String"]>;
  /** The money has arrived already: the order is settled at once and the receipt sent. */
  markPaid: Scalars["Boolean"];
  /** The bank reference of that payment (with markPaid). */
  paymentReference?: InputMaybe<Scalars["String"]>;
};

/** A publication of the standard, sold as an e-book or a paper book. */
export type Book = {
  __typename?: "Book";
  id: Scalars["ID"];
  /** Title in the requested language. */
  title: Scalars["String"];
  titleEn: Scalars["String"];
  titleZh: Scalars["String"];
  /** One-sentence introduction in the requested language (the book list). */
  introduction: Scalars["String"];
  /** The longer description in the requested language (the book page); empty when the catalogue has none. */
  description: Scalars["String"];
  /** Cover file in the requested language (Chinese cover art for zh), under the SPA's covers/ folder. */
  cover: Scalars["String"];
  coverEn: Scalars["String"];
  coverZh: Scalars["String"];
  /** Edition in the requested language, e.g. 1st edition / 第1版. */
  edition?: Maybe<Scalars["String"]>;
  /** Number of pages. */
  pages?: Maybe<Scalars["Int"]>;
  isbn?: Maybe<Scalars["String"]>;
  /** Publication date, YYYY-MM-DD. */
  publishedOn?: Maybe<Scalars["String"]>;
  /** Unit price in integer cents. */
  priceCents: Scalars["Int"];
  /** Unit price as a decimal string with two places, e.g. 75.00. */
  price: Scalars["String"];
  currency: Scalars["String"];
  vatText: Scalars["String"];
  /** For a logged-in buyer: the e-book of this title is already paid for. */
  ebookPurchased: Scalars["Boolean"];
  /** For a logged-in buyer who bought the e-book: its PDF password (the login email). */
  ebookPassword?: Maybe<Scalars["String"]>;
  /** For a logged-in buyer who bought the e-book: that paid order (number, amount, download). */
  paidEbookOrder?: Maybe<Order>;
};

export type Country = {
  __typename?: "Country";
  code: Scalars["ID"];
  en: Scalars["String"];
  cn: Scalars["String"];
};

export type Language = "zh" | "en";

export type BookFormat = "EBOOK" | "PAPER";

export type OrderStatus = "PENDING_PAYMENT" | "PAID" | "EXPIRED";

export type ShippingStatus = "NOT_SHIPPED" | "SHIPPED";

/** How the buyer pays. Pay type 2 (provider checkout) covers the first four, 3 is BANK_TRANSFER. */
export type PaymentMethod =
  "WECHAT_NATIVE" | "WECHAT_JSAPI" | "ALIPAY" | "PAYPAL" | "BANK_TRANSFER";

export type InvoiceType = "VAT_GENERAL" | "VAT_SPECIAL";

export type PickupMethod = "EXPRESS" | "ELECTRONIC";

export type PurchaseInfoInput = {
  streetNumber: Scalars["String"];
  zip: Scalars["String"];
  town: Scalars["String"];
  province?: InputMaybe<Scalars["String"]>;
  country: Scalars["String"];
  vatId?: InputMaybe<Scalars["String"]>;
  letterbox?: InputMaybe<Scalars["String"]>;
  landlineTel?: InputMaybe<Scalars["String"]>;
  mobileTel?: InputMaybe<Scalars["String"]>;
  purchaseOrderNo?: InputMaybe<Scalars["String"]>;
};

export type InvoiceInput = {
  invoiceType: InvoiceType;
  invoicePayable?: InputMaybe<Scalars["String"]>;
  services?: InputMaybe<Scalars["String"]>;
  taxpayerInden?: InputMaybe<Scalars["String"]>;
  registeredOffice?: InputMaybe<Scalars["String"]>;
  financePhone?: InputMaybe<Scalars["String"]>;
  accountOpeningBank?: InputMaybe<Scalars["String"]>;
  bankAccount?: InputMaybe<Scalars["String"]>;
  pickupMethod?: InputMaybe<PickupMethod>;
  recipientName?: InputMaybe<Scalars["String"]>;
  contactPhone?: InputMaybe<Scalars["String"]>;
  contactArea?: InputMaybe<Scalars["String"]>;
  contactMail?: InputMaybe<Scalars["String"]>;
  province?: InputMaybe<Scalars["String"]>;
  city?: InputMaybe<Scalars["String"]>;
  area?: InputMaybe<Scalars["String"]>;
  detailedAddress?: InputMaybe<Scalars["String"]>;
};

export type CheckoutInput = {
  bookId: Scalars["ID"];
  format: BookFormat;
  /** Language edition of the book; defaults to the request language. */
  language?: InputMaybe<Language>;
  /** Country as shown in the select (English or Chinese name, per language). */
  country: Scalars["String"];
  paymentMethod: PaymentMethod;
  purchaseInfo?: InputMaybe<PurchaseInfoInput>;
  invoice?: InputMaybe<InvoiceInput>;
  /** Ignored: a WeChat in-app (JSAPI) payment is made out to the openid WeChat's web authorization verified for the session; without one checkout answers WECHAT_AUTH_REQUIRED. */
  openId?: InputMaybe<Scalars["String"]>;
  remarks?: InputMaybe<Scalars["String"]>;
};

/** Where the invoice the buyer asked for stands. */
export type InvoiceStatus =
  /** No invoice was asked for. */
  | "NONE"
  /** Asked for at checkout, not issued yet. */
  | "REQUIRED"
  /** Issued: the electronic invoice can be downloaded, or the paper one was sent by courier. */
  | "ISSUED";

/** How an issued invoice reached the buyer. */
export type InvoiceDelivery =
  /** Its PDF or OFD file: downloaded from My Orders, and attached to the mail. */
  | "ELECTRONIC"
  /** On paper, by courier. */
  | "EXPRESS";

/** The invoice the shop issued for an order. */
export type IssuedInvoice = {
  __typename?: "IssuedInvoice";
  delivery: InvoiceDelivery;
  /** ISO 8601. */
  issuedAt: Scalars["String"];
  /** ELECTRONIC: the file's name, type (application/pdf or application/ofd) and size in bytes. */
  fileName?: Maybe<Scalars["String"]>;
  contentType?: Maybe<Scalars["String"]>;
  byteSize?: Maybe<Scalars["Int"]>;
  /** ELECTRONIC: GET this (with the buyer's session) to download the file. */
  downloadUrl?: Maybe<Scalars["String"]>;
  /** EXPRESS: the express company and the tracking number. */
  courier?: Maybe<Scalars["String"]>;
  trackingNo?: Maybe<Scalars["String"]>;
};

/** The invoice details the buyer gave at checkout (spec section 3), when the invoice switch was on. */
export type Invoice = {
  __typename?: "Invoice";
  invoiceType: InvoiceType;
  invoicePayable?: Maybe<Scalars["String"]>;
  services?: Maybe<Scalars["String"]>;
  taxpayerInden?: Maybe<Scalars["String"]>;
  registeredOffice?: Maybe<Scalars["String"]>;
  financePhone?: Maybe<Scalars["String"]>;
  accountOpeningBank?: Maybe<Scalars["String"]>;
  bankAccount?: Maybe<Scalars["String"]>;
  pickupMethod?: Maybe<PickupMethod>;
  recipientName?: Maybe<Scalars["String"]>;
  contactPhone?: Maybe<Scalars["String"]>;
  contactArea?: Maybe<Scalars["String"]>;
  contactMail?: Maybe<Scalars["String"]>;
  province?: Maybe<Scalars["String"]>;
  city?: Maybe<Scalars["String"]>;
  area?: Maybe<Scalars["String"]>;
  detailedAddress?: Maybe<Scalars["String"]>;
};

export type PurchaseInfo = {
  __typename?: "PurchaseInfo";
  streetNumber: Scalars["String"];
  zip: Scalars["String"];
  town: Scalars["String"];
  province?: Maybe<Scalars["String"]>;
  country: Scalars["String"];
  vatId?: Maybe<Scalars["String"]>;
  letterbox?: Maybe<Scalars["String"]>;
  landlineTel?: Maybe<Scalars["String"]>;
  mobileTel?: Maybe<Scalars["String"]>;
  purchaseOrderNo?: Maybe<Scalars["String"]>;
  paymentMethod: Scalars["Int"];
  selLanguage?: Maybe<Scalars["String"]>;
};

export type Order = {
  __typename?: "Order";
  orderNo: Scalars["ID"];
  /** ISO 8601. */
  createdAt: Scalars["String"];
  bookId: Scalars["ID"];
  bookName: Scalars["String"];
  format: BookFormat;
  language: Language;
  country: Scalars["String"];
  /** 2 provider checkout, 3 offline (bank transfer). */
  payType: Scalars["Int"];
  paymentMethod?: Maybe<PaymentMethod>;
  amountCents: Scalars["Int"];
  /** Two decimals, e.g. 75.00. */
  amount: Scalars["String"];
  currency: Scalars["String"];
  status: OrderStatus;
  shippingStatus: ShippingStatus;
  invoiceRequired: Scalars["Boolean"];
  /** The invoice details when invoiceRequired, else null. */
  invoice?: Maybe<Invoice>;
  invoiceStatus: InvoiceStatus;
  /** The issued invoice (how to get it) once invoiceStatus is ISSUED, else null. */
  issuedInvoice?: Maybe<IssuedInvoice>;
  buyerEmail: Scalars["String"];
  /** The PDF password of a paid e-book (the buyer's login email). */
  ebookPassword?: Maybe<Scalars["String"]>;
  downloadable: Scalars["Boolean"];
  /** GET this (with the session) to download the encrypted PDF of a paid e-book. */
  downloadUrl?: Maybe<Scalars["String"]>;
  paidAt?: Maybe<Scalars["String"]>;
  expiresAt: Scalars["String"];
  bankReference?: Maybe<Scalars["String"]>;
  /** ISO 8601; set once the payment went back to the buyer (the e-book is then no longer downloadable). */
  refundedAt?: Maybe<Scalars["String"]>;
  /** The refunds of this order that went through or are under way, oldest first (a failed one is left out). */
  refunds: Array<OrderRefund>;
};

/** A refund of one of the buyer's orders, as the buyer sees it. */
export type OrderRefund = {
  __typename?: "OrderRefund";
  /** In the currency the payment was made in at the provider. */
  amount: Scalars["String"];
  currency: Scalars["String"];
  /** ORDER: the order's own payment (its e-book no longer downloads); DUPLICATE_PAYMENT: a second payment, refunded automatically. */
  kind: RefundKind;
  /** REQUESTED or PENDING while under way, SUCCEEDED once the money went back. */
  status: RefundStatus;
  /** ISO 8601; when the refund went through (null while under way). */
  completedAt?: Maybe<Scalars["String"]>;
};

export type OrderPage = {
  __typename?: "OrderPage";
  items: Array<Order>;
  total: Scalars["Int"];
  page: Scalars["Int"];
  pageSize: Scalars["Int"];
};

export type OrderFilter = {
  status?: InputMaybe<OrderStatus>;
  /** 2 provider checkout, 3 offline. */
  payType?: InputMaybe<Scalars["Int"]>;
};

export type NextActionType =
  /** Show codeUrl as a QR code (WeChat Native). */
  | "QR"
  /** Call WeixinJSBridge with paySign (WeChat in-app). */
  | "JSAPI"
  /** Write body (an auto-submitting form) into the page (Alipay). */
  | "FORM"
  /** Navigate to href (PayPal approval). */
  | "REDIRECT"
  /** Bank transfer: show the offline notice with the payment reference. */
  | "OFFLINE"
  | "NONE";

export type PaySign = {
  __typename?: "PaySign";
  appId: Scalars["String"];
  timeStamp: Scalars["String"];
  nonceStr: Scalars["String"];
  package: Scalars["String"];
  signType: Scalars["String"];
  paySign: Scalars["String"];
};

export type NextAction = {
  __typename?: "NextAction";
  type: NextActionType;
  codeUrl?: Maybe<Scalars["String"]>;
  paySign?: Maybe<PaySign>;
  body?: Maybe<Scalars["String"]>;
  href?: Maybe<Scalars["String"]>;
  reference?: Maybe<Scalars["String"]>;
  /** OFFLINE: the account to transfer to (null while the shop has not configured one). */
  bankAccount?: Maybe<BankAccount>;
};

/** Who pays the charges of a wire: OUR (the sender pays all of them, the full amount arrives) or SHA (shared). */
export type BankCharges = "OUR" | "SHA";

/**
 * Where a bank-transfer buyer sends the money; the reference to quote is NextAction.reference and
 * the date to pay by is the order's expiresAt.
 */
export type BankAccount = {
  __typename?: "BankAccount";
  payee: Scalars["String"];
  /** The account holder's postal address (a wire from outside SEPA asks for it); null while not configured. */
  payeeAddress?: Maybe<Scalars["String"]>;
  bank: Scalars["String"];
  /** The bank's postal address; null while not configured. */
  bankAddress?: Maybe<Scalars["String"]>;
  iban: Scalars["String"];
  bic: Scalars["String"];
  /** The charges instruction the buyer is asked to choose at their bank. */
  charges: BankCharges;
};

/**
 * What a WeChat Pay payer is charged in CNY. Domestic setup: exactly the amount of the attempt
 * (exact true, with the rate it was converted at). Overseas setup (WeChat Pay Global, which charges
 * the payer in CNY at its own rate): an estimate at a reference rate (exact false): the configured
 * EUR→CNY rate of the payments configuration, else the rate WeChat applied to the shop's latest
 * WeChat payment (rateSource WECHAT_APPLIED); amount null when no reference rate is known.
 */
export type PayerAmount = {
  __typename?: "PayerAmount";
  /**
   * Exact: a decimal with two places (yuan). An estimate: whole yuan, rounded (the rate WeChat applies
   * is not known in advance). Null when no reference rate is known.
   */
  amount?: Maybe<Scalars["String"]>;
  currency: Scalars["String"];
  exact: Scalars["Boolean"];
  /** Units of currency per one unit of the order currency, as given by its source. */
  rate?: Maybe<Scalars["String"]>;
  /** YYYY-MM-DD the rate is from. */
  rateDate?: Maybe<Scalars["String"]>;
  /** Where the rate comes from: the configured source's name, or WECHAT_APPLIED. */
  rateSource?: Maybe<Scalars["String"]>;
};

export type PaymentIntentStatus =
  "CREATED" | "PENDING" | "SUCCEEDED" | "FAILED" | "CLOSED" | "EXPIRED";

export type PaymentIntent = {
  __typename?: "PaymentIntent";
  id: Scalars["ID"];
  orderNo: Scalars["ID"];
  method: PaymentMethod;
  status: PaymentIntentStatus;
  amountCents: Scalars["Int"];
  amount: Scalars["String"];
  currency: Scalars["String"];
  nextAction?: Maybe<NextAction>;
  createdAt: Scalars["String"];
  /** Payee shown on the QR page, in the request's language (the merchant name the payment app shows). */
  payee: Scalars["String"];
  /**
   * ISO 8601: when this payment stops being payable (the expiry sent to the provider: a QR code can
   * no longer be paid after it). Null in an answer kept from before it was recorded.
   */
  expiresAt?: Maybe<Scalars["String"]>;
  /** WeChat Pay: what the payer is charged in CNY (exact, or an estimate); null for other providers. */
  payerAmount?: Maybe<PayerAmount>;
};

export type CheckoutPayload = {
  __typename?: "CheckoutPayload";
  order: Order;
  paymentIntent: PaymentIntent;
  /** True when an open order for the same book and format was reused. */
  reused: Scalars["Boolean"];
  /**
   * ISO 8601. An earlier payment page of this order that its provider cannot cancel (Alipay's
   * cross-border trade) stays payable until then: the buyer is asked not to pay it, and a payment of
   * it after the order is paid is refunded automatically. Null when no earlier payment stays open.
   */
  previousPaymentOpenUntil?: Maybe<Scalars["String"]>;
  /** The provider of that earlier payment; null when previousPaymentOpenUntil is. */
  previousPaymentProvider?: Maybe<PaymentProvider>;
};

/** Answer of checkPayment, for the result pages. */
export type PaymentCheck = {
  __typename?: "PaymentCheck";
  paid: Scalars["Boolean"];
  orderNo?: Maybe<Scalars["ID"]>;
  bookId?: Maybe<Scalars["ID"]>;
  /** succeeded, pending, failed, closed, expired. */
  status?: Maybe<Scalars["String"]>;
  /** Where to pay again, when the attempt can be retried there (PayPal approval link). */
  retryHref?: Maybe<Scalars["String"]>;
  /**
   * True when the reference names a payment made after the order had been paid another way (an
   * earlier payment page the provider could not cancel, paid anyway): the order is paid, and that
   * second payment is refunded automatically.
   */
  duplicate: Scalars["Boolean"];
  /**
   * 'Successful Book Purchase', 'Payment failed, please pay again!' or, for a duplicate, that it is
   * refunded automatically, in the request language.
   */
  message: Scalars["String"];
};

/**
 * Live operations, over a WebSocket on /graphql (protocol graphql-transport-ws). The socket is
 * opened with the session cookie; guests are refused at the upgrade (HTTP 401).
 */
export type Subscription = {
  __typename?: "Subscription";
  /**
   * The payment status of one of the buyer's orders, by the same references, with the same answer
   * and the same refusals as checkPayment. The first event is the state now (asked at the provider
   * like checkPayment), then one event whenever it changes; it completes after a final state (paid,
   * or an attempt that failed, closed or expired).
   */
  paymentStatus: PaymentCheck;
};

/**
 * Live operations, over a WebSocket on /graphql (protocol graphql-transport-ws). The socket is
 * opened with the session cookie; guests are refused at the upgrade (HTTP 401).
 */
export type SubscriptionpaymentStatusArgs = {
  reference: Scalars["ID"];
};

export type ReconciliationOutcome =
  /** The bill was fetched and every row judged. */
  | "RECONCILED"
  /** The provider has not published the day's bill yet. */
  | "NOT_READY"
  /** The bill failed its integrity check and was not reconciled. */
  | "REJECTED"
  | "FAILED";

export type ReconciliationVerdict =
  | "MATCHED"
  /** The provider took money the shop has not settled (or does not know). */
  | "MISSING_SETTLEMENT"
  /** The bill's amount or currency differs from the shop's. */
  | "AMOUNT_MISMATCH"
  /** The provider refunded money the shop did not ask back. */
  | "UNKNOWN_REFUND"
  /** Settled in the shop, not in the provider's bill (re-checked for two more days). */
  | "MISSING_AT_PROVIDER"
  /** A second payment for an order already paid, or a row billed twice. */
  | "DUPLICATE_PAYMENT"
  /** A bank credit whose reference names no bank-transfer order of the shop. */
  | "UNMATCHED_CREDIT";

export type ReconciliationItemState =
  /** Matched: nothing to do. */
  | "CLOSED"
  /** Waiting for an operator. */
  | "OPEN"
  | "SETTLED"
  | "REFUNDED"
  | "ACKNOWLEDGED"
  /** A trade missing at the provider that a later day's bill holds. */
  | "FOUND_LATER";

export type ReconciliationAction =
  /** Settle the attempt the provider billed as paid, through the normal settlement. */
  | "SETTLE"
  /** Refund a duplicate payment to the payer. */
  | "REFUND"
  /** Accept the difference as it is; a note saying why is required. */
  | "ACKNOWLEDGE";

/**
 * Why an item or a run came out as it did. The console words each code in its language with the
 * values it names (detailValues); `detail` keeps the English sentence. Null on rows written before
 * codes existed, whose `detail` is all there is.
 */
export type ReconciliationDetailCode =
  /** The provider took money under a number the shop does not know. */
  | "UNKNOWN_TRADE"
  /** The bill's amount or currency differs from the attempt's: billed, asked. */
  | "AMOUNT_DIFFERS"
  /** What the payer was charged differs from what the provider reported at settlement: billed, reported. */
  | "PAYER_AMOUNT_DIFFERS"
  /** Paid at the provider, not settled in the shop: status (the attempt's status in the shop). */
  | "NOT_SETTLED_IN_SHOP"
  /** A second payment of a paid order, refunded. */
  | "SECOND_PAYMENT_REFUNDED"
  /** A second payment of a paid order, not refunded yet. */
  | "SECOND_PAYMENT_NOT_REFUNDED"
  /** The bill lists one payment twice. */
  | "BILLED_TWICE"
  /** The provider refunded money the shop did not ask back. */
  | "UNKNOWN_REFUND"
  /** A refund billed for another amount or currency than the shop asked: billed, asked. */
  | "REFUND_AMOUNT_DIFFERS"
  /** A refund the bill holds that the shop has not completed: status (the refund's status in the shop). */
  | "REFUND_NOT_COMPLETED"
  /** Settled in the shop, not in the provider's bill. */
  | "MISSING_AT_PROVIDER"
  /** A trade missing at the provider found in a later bill: date (that bill's day). */
  | "FOUND_LATER"
  /** A bank credit whose reference names no bank-transfer order of the shop. */
  | "UNMATCHED_CREDIT"
  /** A bank credit for another amount or currency than its order's: credited, order. */
  | "CREDIT_AMOUNT_DIFFERS"
  /** The provider has not published the day's bill: message (the provider's words). */
  | "BILL_NOT_READY"
  /** The bill failed its integrity check: reason (hash_mismatch, summary_mismatch or unreadable), message (the check's words). */
  | "BILL_REJECTED";

/** A value a detail code names: an amount with its currency, or a text (a status, a day, a reason, the provider's words). */
export type ReconciliationDetailValue = {
  __typename?: "ReconciliationDetailValue";
  name: Scalars["String"];
  /** A decimal string with two places; null unless the value is an amount. */
  amount?: Maybe<Scalars["String"]>;
  currency?: Maybe<Scalars["String"]>;
  /** Null when the value is an amount. */
  text?: Maybe<Scalars["String"]>;
};

/** One side of a day's totals: the provider's bill, or the shop's ledger for the same day. */
export type ReconciliationTotals = {
  __typename?: "ReconciliationTotals";
  /** Payments. */
  count: Scalars["Int"];
  gross: Scalars["String"];
  refunds: Scalars["String"];
  /** The provider's fees; null on the shop's side (the shop does not know them). */
  fees?: Maybe<Scalars["String"]>;
  /** Gross less refunds less fees. */
  net: Scalars["String"];
  /** Null when the side has no payment that day. */
  currency?: Maybe<Scalars["String"]>;
};

/** The latest reconciliation run of a provider's day. */
export type ReconciliationRun = {
  __typename?: "ReconciliationRun";
  id: Scalars["ID"];
  outcome: ReconciliationOutcome;
  /** Why the bill was not ready or was refused. */
  detail?: Maybe<Scalars["String"]>;
  detailCode?: Maybe<ReconciliationDetailCode>;
  /** The values detailCode names, in no set order (find each by name); null when detailCode is null. */
  detailValues?: Maybe<Array<ReconciliationDetailValue>>;
  /** ISO 8601. */
  startedAt: Scalars["String"];
  /** ISO 8601. */
  finishedAt: Scalars["String"];
  /** The differences the run left open (openDifferences is the count now). */
  differences: Scalars["Int"];
  /** Null unless the run reconciled the bill. */
  providerTotals?: Maybe<ReconciliationTotals>;
  shopTotals?: Maybe<ReconciliationTotals>;
};

/** A provider's reconciliation of the day. */
export type ReconciliationProviderDay = {
  __typename?: "ReconciliationProviderDay";
  provider: PaymentProvider;
  /** overseas or domestic: which merchant product the bill is of. */
  setup: Scalars["String"];
  latestRun: ReconciliationRun;
  /** How many runs the day has had. */
  runCount: Scalars["Int"];
  /** Items of the day still waiting for an operator. */
  openDifferences: Scalars["Int"];
};

/** One difference between a provider's bill and the shop's ledger. */
export type ReconciliationItem = {
  __typename?: "ReconciliationItem";
  id: Scalars["ID"];
  provider: PaymentProvider;
  billDate: Scalars["String"];
  verdict: ReconciliationVerdict;
  state: ReconciliationItemState;
  /** The shop's number of the payment attempt (out_trade_no). */
  outTradeNo: Scalars["String"];
  /** The shop's refund number, on a refund row. */
  refundNo?: Maybe<Scalars["String"]>;
  /** The order the attempt belongs to, when the shop knows it. */
  orderNo?: Maybe<Scalars["ID"]>;
  /** PAYMENT or REFUND as billed; null for a shop payment the bill lacks. */
  billKind?: Maybe<Scalars["String"]>;
  /** From the bill row: the amount, currency, fee (positive when charged) and what the payer paid. */
  billAmount?: Maybe<Scalars["String"]>;
  billCurrency?: Maybe<Scalars["String"]>;
  billFee?: Maybe<Scalars["String"]>;
  payerAmount?: Maybe<Scalars["String"]>;
  payerCurrency?: Maybe<Scalars["String"]>;
  /** The provider's id of the trade or refund. */
  providerRef?: Maybe<Scalars["String"]>;
  /** The provider's status word for the row. */
  billStatus?: Maybe<Scalars["String"]>;
  /** ISO 8601, when the provider says the row happened. */
  billedAt?: Maybe<Scalars["String"]>;
  /** What the shop holds: the attempt's (or refund's) amount and currency. */
  shopAmount?: Maybe<Scalars["String"]>;
  shopCurrency?: Maybe<Scalars["String"]>;
  /** Why the row was judged so, in English (empty when there is nothing to say). */
  detail: Scalars["String"];
  /** Why the row was judged so, as a code the console words in its language; null when there is nothing to say or on rows from before codes. */
  detailCode?: Maybe<ReconciliationDetailCode>;
  /** The values detailCode names, in no set order (find each by name); null when detailCode is null. */
  detailValues?: Maybe<Array<ReconciliationDetailValue>>;
  /** A trade missing at the provider is looked for in the bills up to this day. */
  recheckUntil?: Maybe<Scalars["String"]>;
  /** The operator's note. */
  note?: Maybe<Scalars["String"]>;
  /** Email of the operator who resolved it; null when open or resolved by the system. */
  resolvedBy?: Maybe<Scalars["String"]>;
  /** ISO 8601. */
  resolvedAt?: Maybe<Scalars["String"]>;
  /** ISO 8601, the last change. */
  updatedAt: Scalars["String"];
  /** What an operator can do now (empty unless OPEN). */
  allowedActions: Array<ReconciliationAction>;
};

export type ReconciliationDay = {
  __typename?: "ReconciliationDay";
  date: Scalars["String"];
  /** Per provider that has runs that day, by provider. */
  providers: Array<ReconciliationProviderDay>;
  /** Every item of the day that is not matched (open and resolved), open first, oldest first. */
  items: Array<ReconciliationItem>;
  /** The providers whose bills can be fetched again (configured, and publishing bills). */
  reconcilableProviders: Array<PaymentProvider>;
};

/** A provider's state on one day of the list. */
export type ReconciliationDayProvider = {
  __typename?: "ReconciliationDayProvider";
  provider: PaymentProvider;
  outcome: ReconciliationOutcome;
  openDifferences: Scalars["Int"];
};

/** A day with reconciliation runs. */
export type ReconciliationDaySummary = {
  __typename?: "ReconciliationDaySummary";
  date: Scalars["String"];
  /** Open differences of every provider that day. */
  openDifferences: Scalars["Int"];
  providers: Array<ReconciliationDayProvider>;
};

/** The answer of an operator's action on a difference: the item as it is now. */
export type ReconciliationItemChange = {
  __typename?: "ReconciliationItemChange";
  item: ReconciliationItem;
  /** The refund number, when the action asked for a refund (a refund of a duplicate, or one that settling made). */
  refundNo?: Maybe<Scalars["String"]>;
};

export type ReconciliationRerun = {
  __typename?: "ReconciliationRerun";
  provider: PaymentProvider;
  date: Scalars["String"];
  /** False when a run of this day was waiting or running already (nothing more was queued). */
  changed: Scalars["Boolean"];
};

export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = {}, TContext = {}, TArgs = {}> =
  | ResolverFn<TResult, TParent, TContext, TArgs>
  | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<
  TResult,
  TKey extends string,
  TParent,
  TContext,
  TArgs,
> {
  subscribe: SubscriptionSubscribeFn<
    { [key in TKey]: TResult },
    TParent,
    TContext,
    TArgs
  >;
  resolve?: SubscriptionResolveFn<
    TResult,
    { [key in TKey]: TResult },
    TContext,
    TArgs
  >;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<
  TResult,
  TKey extends string,
  TParent,
  TContext,
  TArgs,
> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<
  TResult,
  TKey extends string,
  TParent = {},
  TContext = {},
  TArgs = {},
> =
  | ((
      ...args: any[]
    ) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = {}, TContext = {}> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo,
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = {}, TContext = {}> = (
  obj: T,
  context: TContext,
  info: GraphQLResolveInfo,
) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<
  TResult = {},
  TParent = {},
  TContext = {},
  TArgs = {},
> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Query: ResolverTypeWrapper<{}>;
  String: ResolverTypeWrapper<Scalars["String"]>;
  Boolean: ResolverTypeWrapper<Scalars["Boolean"]>;
  Int: ResolverTypeWrapper<Scalars["Int"]>;
  ID: ResolverTypeWrapper<Scalars["ID"]>;
  AccountChange: ResolverTypeWrapper<AccountChange>;
  User: ResolverTypeWrapper<User>;
  Captcha: ResolverTypeWrapper<Captcha>;
  LoginPayload: ResolverTypeWrapper<LoginPayload>;
  CodePurpose: CodePurpose;
  RegisterInput: RegisterInput;
  Mutation: ResolverTypeWrapper<{}>;
  AdminAccount: ResolverTypeWrapper<AdminAccount>;
  AdminAccountPage: ResolverTypeWrapper<AdminAccountPage>;
  AdminAccountChange: ResolverTypeWrapper<AdminAccountChange>;
  PaymentProvider: PaymentProvider;
  ActorType: ActorType;
  MirrorStatus: MirrorStatus;
  AdminOrderFilter: AdminOrderFilter;
  AdminOrder: ResolverTypeWrapper<AdminOrder>;
  RefundStatus: RefundStatus;
  RefundKind: RefundKind;
  AdminRefund: ResolverTypeWrapper<AdminRefund>;
  AdminPaymentAttempt: ResolverTypeWrapper<AdminPaymentAttempt>;
  AdminRefundChange: ResolverTypeWrapper<AdminRefundChange>;
  AdminOrderPage: ResolverTypeWrapper<AdminOrderPage>;
  AuditEvent: ResolverTypeWrapper<AuditEvent>;
  AdminOrderChange: ResolverTypeWrapper<AdminOrderChange>;
  RegistrationMirror: ResolverTypeWrapper<RegistrationMirror>;
  RegistrationMirrorPage: ResolverTypeWrapper<RegistrationMirrorPage>;
  RegistrationMirrorChange: ResolverTypeWrapper<RegistrationMirrorChange>;
  RecordPaperOrderInput: RecordPaperOrderInput;
  Book: ResolverTypeWrapper<Book>;
  Country: ResolverTypeWrapper<Country>;
  Language: Language;
  BookFormat: BookFormat;
  OrderStatus: OrderStatus;
  ShippingStatus: ShippingStatus;
  PaymentMethod: PaymentMethod;
  InvoiceType: InvoiceType;
  PickupMethod: PickupMethod;
  PurchaseInfoInput: PurchaseInfoInput;
  InvoiceInput: InvoiceInput;
  CheckoutInput: CheckoutInput;
  InvoiceStatus: InvoiceStatus;
  InvoiceDelivery: InvoiceDelivery;
  IssuedInvoice: ResolverTypeWrapper<IssuedInvoice>;
  Invoice: ResolverTypeWrapper<Invoice>;
  PurchaseInfo: ResolverTypeWrapper<PurchaseInfo>;
  Order: ResolverTypeWrapper<Order>;
  OrderRefund: ResolverTypeWrapper<OrderRefund>;
  OrderPage: ResolverTypeWrapper<OrderPage>;
  OrderFilter: OrderFilter;
  NextActionType: NextActionType;
  PaySign: ResolverTypeWrapper<PaySign>;
  NextAction: ResolverTypeWrapper<NextAction>;
  BankCharges: BankCharges;
  BankAccount: ResolverTypeWrapper<BankAccount>;
  PayerAmount: ResolverTypeWrapper<PayerAmount>;
  PaymentIntentStatus: PaymentIntentStatus;
  PaymentIntent: ResolverTypeWrapper<PaymentIntent>;
  CheckoutPayload: ResolverTypeWrapper<CheckoutPayload>;
  PaymentCheck: ResolverTypeWrapper<PaymentCheck>;
  Subscription: ResolverTypeWrapper<{}>;
  ReconciliationOutcome: ReconciliationOutcome;
  ReconciliationVerdict: ReconciliationVerdict;
  ReconciliationItemState: ReconciliationItemState;
  ReconciliationAction: ReconciliationAction;
  ReconciliationDetailCode: ReconciliationDetailCode;
  ReconciliationDetailValue: ResolverTypeWrapper<ReconciliationDetailValue>;
  ReconciliationTotals: ResolverTypeWrapper<ReconciliationTotals>;
  ReconciliationRun: ResolverTypeWrapper<ReconciliationRun>;
  ReconciliationProviderDay: ResolverTypeWrapper<ReconciliationProviderDay>;
  ReconciliationItem: ResolverTypeWrapper<ReconciliationItem>;
  ReconciliationDay: ResolverTypeWrapper<ReconciliationDay>;
  ReconciliationDayProvider: ResolverTypeWrapper<ReconciliationDayProvider>;
  ReconciliationDaySummary: ResolverTypeWrapper<ReconciliationDaySummary>;
  ReconciliationItemChange: ResolverTypeWrapper<ReconciliationItemChange>;
  ReconciliationRerun: ResolverTypeWrapper<ReconciliationRerun>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Query: {};
  String: Scalars["String"];
  Boolean: Scalars["Boolean"];
  Int: Scalars["Int"];
  ID: Scalars["ID"];
  AccountChange: AccountChange;
  User: User;
  Captcha: Captcha;
  LoginPayload: LoginPayload;
  RegisterInput: RegisterInput;
  Mutation: {};
  AdminAccount: AdminAccount;
  AdminAccountPage: AdminAccountPage;
  AdminAccountChange: AdminAccountChange;
  AdminOrderFilter: AdminOrderFilter;
  AdminOrder: AdminOrder;
  AdminRefund: AdminRefund;
  AdminPaymentAttempt: AdminPaymentAttempt;
  AdminRefundChange: AdminRefundChange;
  AdminOrderPage: AdminOrderPage;
  AuditEvent: AuditEvent;
  AdminOrderChange: AdminOrderChange;
  RegistrationMirror: RegistrationMirror;
  RegistrationMirrorPage: RegistrationMirrorPage;
  RegistrationMirrorChange: RegistrationMirrorChange;
  RecordPaperOrderInput: RecordPaperOrderInput;
  Book: Book;
  Country: Country;
  PurchaseInfoInput: PurchaseInfoInput;
  InvoiceInput: InvoiceInput;
  CheckoutInput: CheckoutInput;
  IssuedInvoice: IssuedInvoice;
  Invoice: Invoice;
  PurchaseInfo: PurchaseInfo;
  Order: Order;
  OrderRefund: OrderRefund;
  OrderPage: OrderPage;
  OrderFilter: OrderFilter;
  PaySign: PaySign;
  NextAction: NextAction;
  BankAccount: BankAccount;
  PayerAmount: PayerAmount;
  PaymentIntent: PaymentIntent;
  CheckoutPayload: CheckoutPayload;
  PaymentCheck: PaymentCheck;
  Subscription: {};
  ReconciliationDetailValue: ReconciliationDetailValue;
  ReconciliationTotals: ReconciliationTotals;
  ReconciliationRun: ReconciliationRun;
  ReconciliationProviderDay: ReconciliationProviderDay;
  ReconciliationItem: ReconciliationItem;
  ReconciliationDay: ReconciliationDay;
  ReconciliationDayProvider: ReconciliationDayProvider;
  ReconciliationDaySummary: ReconciliationDaySummary;
  ReconciliationItemChange: ReconciliationItemChange;
  ReconciliationRerun: ReconciliationRerun;
};

export type QueryResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["Query"] =
    ResolversParentTypes["Query"],
> = {
  version?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  me?: Resolver<Maybe<ResolversTypes["User"]>, ParentType, ContextType>;
  captcha?: Resolver<ResolversTypes["Captcha"], ParentType, ContextType>;
  emailRegistered?: Resolver<
    ResolversTypes["Boolean"],
    ParentType,
    ContextType,
    RequireFields<QueryemailRegisteredArgs, "email">
  >;
  adminAccounts?: Resolver<
    ResolversTypes["AdminAccountPage"],
    ParentType,
    ContextType,
    RequireFields<QueryadminAccountsArgs, "page" | "pageSize">
  >;
  adminAccount?: Resolver<
    Maybe<ResolversTypes["AdminAccount"]>,
    ParentType,
    ContextType,
    RequireFields<QueryadminAccountArgs, "userId">
  >;
  accountEvents?: Resolver<
    Array<ResolversTypes["AuditEvent"]>,
    ParentType,
    ContextType,
    RequireFields<QueryaccountEventsArgs, "userId">
  >;
  adminOrders?: Resolver<
    ResolversTypes["AdminOrderPage"],
    ParentType,
    ContextType,
    RequireFields<QueryadminOrdersArgs, "page" | "pageSize">
  >;
  adminOrder?: Resolver<
    Maybe<ResolversTypes["AdminOrder"]>,
    ParentType,
    ContextType,
    RequireFields<QueryadminOrderArgs, "orderNo">
  >;
  orderEvents?: Resolver<
    Array<ResolversTypes["AuditEvent"]>,
    ParentType,
    ContextType,
    RequireFields<QueryorderEventsArgs, "orderNo">
  >;
  registrationMirrors?: Resolver<
    ResolversTypes["RegistrationMirrorPage"],
    ParentType,
    ContextType,
    RequireFields<QueryregistrationMirrorsArgs, "page" | "pageSize">
  >;
  registrationMirrorEvents?: Resolver<
    Array<ResolversTypes["AuditEvent"]>,
    ParentType,
    ContextType,
    RequireFields<QueryregistrationMirrorEventsArgs, "userId">
  >;
  books?: Resolver<
    Array<ResolversTypes["Book"]>,
    ParentType,
    ContextType,
    RequireFields<QuerybooksArgs, "language">
  >;
  book?: Resolver<
    Maybe<ResolversTypes["Book"]>,
    ParentType,
    ContextType,
    RequireFields<QuerybookArgs, "id" | "language">
  >;
  countries?: Resolver<
    Array<ResolversTypes["Country"]>,
    ParentType,
    ContextType
  >;
  orders?: Resolver<
    ResolversTypes["OrderPage"],
    ParentType,
    ContextType,
    RequireFields<QueryordersArgs, "page" | "pageSize">
  >;
  order?: Resolver<
    Maybe<ResolversTypes["Order"]>,
    ParentType,
    ContextType,
    RequireFields<QueryorderArgs, "orderNo">
  >;
  purchaseInfo?: Resolver<
    Maybe<ResolversTypes["PurchaseInfo"]>,
    ParentType,
    ContextType,
    RequireFields<QuerypurchaseInfoArgs, "orderNo">
  >;
  paymentIntent?: Resolver<
    Maybe<ResolversTypes["PaymentIntent"]>,
    ParentType,
    ContextType,
    RequireFields<QuerypaymentIntentArgs, "orderNo">
  >;
  reconciliationDay?: Resolver<
    ResolversTypes["ReconciliationDay"],
    ParentType,
    ContextType,
    RequireFields<QueryreconciliationDayArgs, "date">
  >;
  reconciliationDays?: Resolver<
    Array<ResolversTypes["ReconciliationDaySummary"]>,
    ParentType,
    ContextType,
    RequireFields<QueryreconciliationDaysArgs, "from" | "to">
  >;
  reconciliationItemEvents?: Resolver<
    Array<ResolversTypes["AuditEvent"]>,
    ParentType,
    ContextType,
    RequireFields<QueryreconciliationItemEventsArgs, "itemId">
  >;
};

export type AccountChangeResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AccountChange"] =
    ResolversParentTypes["AccountChange"],
> = {
  user?: Resolver<ResolversTypes["User"], ParentType, ContextType>;
  sessionsEnded?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type UserResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["User"] =
    ResolversParentTypes["User"],
> = {
  userId?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  email?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  phoneArea?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  phoneNo?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  language?: Resolver<ResolversTypes["Language"], ParentType, ContextType>;
  loginFirst?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  role?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  company?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type CaptchaResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["Captcha"] =
    ResolversParentTypes["Captcha"],
> = {
  image?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  expiresInSeconds?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type LoginPayloadResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["LoginPayload"] =
    ResolversParentTypes["LoginPayload"],
> = {
  user?: Resolver<ResolversTypes["User"], ParentType, ContextType>;
  accessToken?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MutationResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["Mutation"] =
    ResolversParentTypes["Mutation"],
> = {
  requestCode?: Resolver<
    ResolversTypes["Boolean"],
    ParentType,
    ContextType,
    RequireFields<MutationrequestCodeArgs, "account" | "purpose">
  >;
  confirmCode?: Resolver<
    ResolversTypes["Boolean"],
    ParentType,
    ContextType,
    RequireFields<MutationconfirmCodeArgs, "account" | "purpose" | "code">
  >;
  register?: Resolver<
    ResolversTypes["LoginPayload"],
    ParentType,
    ContextType,
    RequireFields<MutationregisterArgs, "input">
  >;
  login?: Resolver<
    ResolversTypes["LoginPayload"],
    ParentType,
    ContextType,
    RequireFields<MutationloginArgs, "account" | "password" | "captcha">
  >;
  logout?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  resetPassword?: Resolver<
    ResolversTypes["Boolean"],
    ParentType,
    ContextType,
    RequireFields<
      MutationresetPasswordArgs,
      "account" | "password" | "confirmPassword"
    >
  >;
  changePassword?: Resolver<
    ResolversTypes["AccountChange"],
    ParentType,
    ContextType,
    RequireFields<
      MutationchangePasswordArgs,
      "oldPassword" | "password" | "confirmPassword"
    >
  >;
  setFirstPassword?: Resolver<
    ResolversTypes["AccountChange"],
    ParentType,
    ContextType,
    RequireFields<MutationsetFirstPasswordArgs, "password" | "confirmPassword">
  >;
  requestEmailBindingCode?: Resolver<
    ResolversTypes["Boolean"],
    ParentType,
    ContextType,
    RequireFields<MutationrequestEmailBindingCodeArgs, "email">
  >;
  bindEmail?: Resolver<
    ResolversTypes["AccountChange"],
    ParentType,
    ContextType,
    RequireFields<MutationbindEmailArgs, "email" | "code">
  >;
  disableAccount?: Resolver<
    ResolversTypes["AdminAccountChange"],
    ParentType,
    ContextType,
    RequireFields<MutationdisableAccountArgs, "userId">
  >;
  enableAccount?: Resolver<
    ResolversTypes["AdminAccountChange"],
    ParentType,
    ContextType,
    RequireFields<MutationenableAccountArgs, "userId">
  >;
  markOrderShipped?: Resolver<
    ResolversTypes["AdminOrderChange"],
    ParentType,
    ContextType,
    RequireFields<MutationmarkOrderShippedArgs, "orderNo">
  >;
  recordInvoiceShipment?: Resolver<
    ResolversTypes["AdminOrderChange"],
    ParentType,
    ContextType,
    RequireFields<
      MutationrecordInvoiceShipmentArgs,
      "orderNo" | "courier" | "trackingNo"
    >
  >;
  markBankTransferCompleted?: Resolver<
    ResolversTypes["AdminOrderChange"],
    ParentType,
    ContextType,
    RequireFields<
      MutationmarkBankTransferCompletedArgs,
      "orderNo" | "reference"
    >
  >;
  refundOrder?: Resolver<
    ResolversTypes["AdminRefundChange"],
    ParentType,
    ContextType,
    RequireFields<MutationrefundOrderArgs, "orderNo">
  >;
  refundDuplicatePayment?: Resolver<
    ResolversTypes["AdminRefundChange"],
    ParentType,
    ContextType,
    RequireFields<MutationrefundDuplicatePaymentArgs, "orderNo" | "attemptId">
  >;
  retryRegistrationMirror?: Resolver<
    ResolversTypes["RegistrationMirrorChange"],
    ParentType,
    ContextType,
    RequireFields<MutationretryRegistrationMirrorArgs, "userId">
  >;
  recordPaperOrder?: Resolver<
    ResolversTypes["AdminOrderChange"],
    ParentType,
    ContextType,
    RequireFields<MutationrecordPaperOrderArgs, "input">
  >;
  checkout?: Resolver<
    ResolversTypes["CheckoutPayload"],
    ParentType,
    ContextType,
    RequireFields<MutationcheckoutArgs, "input">
  >;
  checkPayment?: Resolver<
    ResolversTypes["PaymentCheck"],
    ParentType,
    ContextType,
    RequireFields<MutationcheckPaymentArgs, "reference">
  >;
  resolveReconciliationItem?: Resolver<
    ResolversTypes["ReconciliationItemChange"],
    ParentType,
    ContextType,
    RequireFields<MutationresolveReconciliationItemArgs, "itemId" | "action">
  >;
  rerunReconciliation?: Resolver<
    ResolversTypes["ReconciliationRerun"],
    ParentType,
    ContextType,
    RequireFields<MutationrerunReconciliationArgs, "provider" | "date">
  >;
};

export type AdminAccountResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AdminAccount"] =
    ResolversParentTypes["AdminAccount"],
> = {
  userId?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  phoneArea?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  phoneNo?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  company?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  role?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  language?: Resolver<ResolversTypes["Language"], ParentType, ContextType>;
  disabled?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  loginFirst?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  orderCount?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  openSessions?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  mirrorStatus?: Resolver<
    Maybe<ResolversTypes["MirrorStatus"]>,
    ParentType,
    ContextType
  >;
  mirrorLastError?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  orders?: Resolver<
    Array<ResolversTypes["AdminOrder"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AdminAccountPageResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AdminAccountPage"] =
    ResolversParentTypes["AdminAccountPage"],
> = {
  items?: Resolver<
    Array<ResolversTypes["AdminAccount"]>,
    ParentType,
    ContextType
  >;
  total?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  page?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AdminAccountChangeResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AdminAccountChange"] =
    ResolversParentTypes["AdminAccountChange"],
> = {
  changed?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  sessionsEnded?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  account?: Resolver<ResolversTypes["AdminAccount"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AdminOrderResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AdminOrder"] =
    ResolversParentTypes["AdminOrder"],
> = {
  orderNo?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  bookId?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  bookName?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  format?: Resolver<ResolversTypes["BookFormat"], ParentType, ContextType>;
  language?: Resolver<ResolversTypes["Language"], ParentType, ContextType>;
  country?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  unitPriceCents?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  payType?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  provider?: Resolver<
    Maybe<ResolversTypes["PaymentProvider"]>,
    ParentType,
    ContextType
  >;
  paymentMethod?: Resolver<
    Maybe<ResolversTypes["PaymentMethod"]>,
    ParentType,
    ContextType
  >;
  amountCents?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  status?: Resolver<ResolversTypes["OrderStatus"], ParentType, ContextType>;
  shippingStatus?: Resolver<
    ResolversTypes["ShippingStatus"],
    ParentType,
    ContextType
  >;
  invoiceRequired?: Resolver<
    ResolversTypes["Boolean"],
    ParentType,
    ContextType
  >;
  invoice?: Resolver<Maybe<ResolversTypes["Invoice"]>, ParentType, ContextType>;
  invoiceStatus?: Resolver<
    ResolversTypes["InvoiceStatus"],
    ParentType,
    ContextType
  >;
  issuedInvoice?: Resolver<
    Maybe<ResolversTypes["IssuedInvoice"]>,
    ParentType,
    ContextType
  >;
  canIssueInvoice?: Resolver<
    ResolversTypes["Boolean"],
    ParentType,
    ContextType
  >;
  buyerId?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  buyerEmail?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  buyerName?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  remarks?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  paidAt?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  shippedAt?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  expiresAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  bankReference?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  providerRef?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  completionRequested?: Resolver<
    ResolversTypes["Boolean"],
    ParentType,
    ContextType
  >;
  canCompleteBankTransfer?: Resolver<
    ResolversTypes["Boolean"],
    ParentType,
    ContextType
  >;
  canMarkShipped?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  purchaseInfo?: Resolver<
    Maybe<ResolversTypes["PurchaseInfo"]>,
    ParentType,
    ContextType
  >;
  refundedAt?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  canRefund?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  attempts?: Resolver<
    Array<ResolversTypes["AdminPaymentAttempt"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AdminRefundResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AdminRefund"] =
    ResolversParentTypes["AdminRefund"],
> = {
  refundNo?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes["RefundKind"], ParentType, ContextType>;
  status?: Resolver<ResolversTypes["RefundStatus"], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  reference?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  reason?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  providerRefundId?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  lastError?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  createdAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  completedAt?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AdminPaymentAttemptResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AdminPaymentAttempt"] =
    ResolversParentTypes["AdminPaymentAttempt"],
> = {
  id?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  outTradeNo?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  provider?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  method?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  status?: Resolver<
    ResolversTypes["PaymentIntentStatus"],
    ParentType,
    ContextType
  >;
  amount?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  orderAmount?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  orderCurrency?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  exchangeRate?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  exchangeRateSource?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  exchangeRateDate?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  payerAmount?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  payerCurrency?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  payerRate?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  role?: Resolver<Maybe<ResolversTypes["RefundKind"]>, ParentType, ContextType>;
  canRefund?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  refunds?: Resolver<
    Array<ResolversTypes["AdminRefund"]>,
    ParentType,
    ContextType
  >;
  createdAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AdminRefundChangeResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AdminRefundChange"] =
    ResolversParentTypes["AdminRefundChange"],
> = {
  changed?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  refund?: Resolver<ResolversTypes["AdminRefund"], ParentType, ContextType>;
  order?: Resolver<ResolversTypes["AdminOrder"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AdminOrderPageResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AdminOrderPage"] =
    ResolversParentTypes["AdminOrderPage"],
> = {
  items?: Resolver<
    Array<ResolversTypes["AdminOrder"]>,
    ParentType,
    ContextType
  >;
  total?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  page?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AuditEventResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AuditEvent"] =
    ResolversParentTypes["AuditEvent"],
> = {
  id?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  type?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  actorType?: Resolver<ResolversTypes["ActorType"], ParentType, ContextType>;
  actorId?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  actorEmail?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  createdAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  before?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  after?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  data?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AdminOrderChangeResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["AdminOrderChange"] =
    ResolversParentTypes["AdminOrderChange"],
> = {
  changed?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  order?: Resolver<ResolversTypes["AdminOrder"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type RegistrationMirrorResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["RegistrationMirror"] =
    ResolversParentTypes["RegistrationMirror"],
> = {
  userId?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  status?: Resolver<ResolversTypes["MirrorStatus"], ParentType, ContextType>;
  attempts?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  lastError?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  lastAttemptAt?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  succeededAt?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  createdAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type RegistrationMirrorPageResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["RegistrationMirrorPage"] =
    ResolversParentTypes["RegistrationMirrorPage"],
> = {
  items?: Resolver<
    Array<ResolversTypes["RegistrationMirror"]>,
    ParentType,
    ContextType
  >;
  total?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  page?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type RegistrationMirrorChangeResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["RegistrationMirrorChange"] =
    ResolversParentTypes["RegistrationMirrorChange"],
> = {
  changed?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  mirror?: Resolver<
    ResolversTypes["RegistrationMirror"],
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type BookResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["Book"] =
    ResolversParentTypes["Book"],
> = {
  id?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  title?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  titleEn?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  titleZh?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  introduction?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  description?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  cover?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  coverEn?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  coverZh?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  edition?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  pages?: Resolver<Maybe<ResolversTypes["Int"]>, ParentType, ContextType>;
  isbn?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  publishedOn?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  priceCents?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  price?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  vatText?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  ebookPurchased?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  ebookPassword?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  paidEbookOrder?: Resolver<
    Maybe<ResolversTypes["Order"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type CountryResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["Country"] =
    ResolversParentTypes["Country"],
> = {
  code?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  en?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  cn?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type IssuedInvoiceResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["IssuedInvoice"] =
    ResolversParentTypes["IssuedInvoice"],
> = {
  delivery?: Resolver<
    ResolversTypes["InvoiceDelivery"],
    ParentType,
    ContextType
  >;
  issuedAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  fileName?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  contentType?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  byteSize?: Resolver<Maybe<ResolversTypes["Int"]>, ParentType, ContextType>;
  downloadUrl?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  courier?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  trackingNo?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type InvoiceResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["Invoice"] =
    ResolversParentTypes["Invoice"],
> = {
  invoiceType?: Resolver<
    ResolversTypes["InvoiceType"],
    ParentType,
    ContextType
  >;
  invoicePayable?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  services?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  taxpayerInden?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  registeredOffice?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  financePhone?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  accountOpeningBank?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  bankAccount?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  pickupMethod?: Resolver<
    Maybe<ResolversTypes["PickupMethod"]>,
    ParentType,
    ContextType
  >;
  recipientName?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  contactPhone?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  contactArea?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  contactMail?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  province?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  city?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  area?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  detailedAddress?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PurchaseInfoResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["PurchaseInfo"] =
    ResolversParentTypes["PurchaseInfo"],
> = {
  streetNumber?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  zip?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  town?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  province?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  country?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  vatId?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  letterbox?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  landlineTel?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  mobileTel?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  purchaseOrderNo?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  paymentMethod?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  selLanguage?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OrderResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["Order"] =
    ResolversParentTypes["Order"],
> = {
  orderNo?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  bookId?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  bookName?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  format?: Resolver<ResolversTypes["BookFormat"], ParentType, ContextType>;
  language?: Resolver<ResolversTypes["Language"], ParentType, ContextType>;
  country?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  payType?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  paymentMethod?: Resolver<
    Maybe<ResolversTypes["PaymentMethod"]>,
    ParentType,
    ContextType
  >;
  amountCents?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  status?: Resolver<ResolversTypes["OrderStatus"], ParentType, ContextType>;
  shippingStatus?: Resolver<
    ResolversTypes["ShippingStatus"],
    ParentType,
    ContextType
  >;
  invoiceRequired?: Resolver<
    ResolversTypes["Boolean"],
    ParentType,
    ContextType
  >;
  invoice?: Resolver<Maybe<ResolversTypes["Invoice"]>, ParentType, ContextType>;
  invoiceStatus?: Resolver<
    ResolversTypes["InvoiceStatus"],
    ParentType,
    ContextType
  >;
  issuedInvoice?: Resolver<
    Maybe<ResolversTypes["IssuedInvoice"]>,
    ParentType,
    ContextType
  >;
  buyerEmail?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  ebookPassword?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  downloadable?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  downloadUrl?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  paidAt?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  bankReference?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  refundedAt?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  refunds?: Resolver<
    Array<ResolversTypes["OrderRefund"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OrderRefundResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["OrderRefund"] =
    ResolversParentTypes["OrderRefund"],
> = {
  amount?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes["RefundKind"], ParentType, ContextType>;
  status?: Resolver<ResolversTypes["RefundStatus"], ParentType, ContextType>;
  completedAt?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OrderPageResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["OrderPage"] =
    ResolversParentTypes["OrderPage"],
> = {
  items?: Resolver<Array<ResolversTypes["Order"]>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  page?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  pageSize?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PaySignResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["PaySign"] =
    ResolversParentTypes["PaySign"],
> = {
  appId?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  timeStamp?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  nonceStr?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  package?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  signType?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  paySign?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type NextActionResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["NextAction"] =
    ResolversParentTypes["NextAction"],
> = {
  type?: Resolver<ResolversTypes["NextActionType"], ParentType, ContextType>;
  codeUrl?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  paySign?: Resolver<Maybe<ResolversTypes["PaySign"]>, ParentType, ContextType>;
  body?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  href?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  reference?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  bankAccount?: Resolver<
    Maybe<ResolversTypes["BankAccount"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type BankAccountResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["BankAccount"] =
    ResolversParentTypes["BankAccount"],
> = {
  payee?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  payeeAddress?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  bank?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  bankAddress?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  iban?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  bic?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  charges?: Resolver<ResolversTypes["BankCharges"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PayerAmountResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["PayerAmount"] =
    ResolversParentTypes["PayerAmount"],
> = {
  amount?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  exact?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  rate?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  rateDate?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  rateSource?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PaymentIntentResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["PaymentIntent"] =
    ResolversParentTypes["PaymentIntent"],
> = {
  id?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  orderNo?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  method?: Resolver<ResolversTypes["PaymentMethod"], ParentType, ContextType>;
  status?: Resolver<
    ResolversTypes["PaymentIntentStatus"],
    ParentType,
    ContextType
  >;
  amountCents?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  nextAction?: Resolver<
    Maybe<ResolversTypes["NextAction"]>,
    ParentType,
    ContextType
  >;
  createdAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  payee?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  expiresAt?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  payerAmount?: Resolver<
    Maybe<ResolversTypes["PayerAmount"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type CheckoutPayloadResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["CheckoutPayload"] =
    ResolversParentTypes["CheckoutPayload"],
> = {
  order?: Resolver<ResolversTypes["Order"], ParentType, ContextType>;
  paymentIntent?: Resolver<
    ResolversTypes["PaymentIntent"],
    ParentType,
    ContextType
  >;
  reused?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  previousPaymentOpenUntil?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  previousPaymentProvider?: Resolver<
    Maybe<ResolversTypes["PaymentProvider"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PaymentCheckResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["PaymentCheck"] =
    ResolversParentTypes["PaymentCheck"],
> = {
  paid?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  orderNo?: Resolver<Maybe<ResolversTypes["ID"]>, ParentType, ContextType>;
  bookId?: Resolver<Maybe<ResolversTypes["ID"]>, ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  retryHref?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  duplicate?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  message?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type SubscriptionResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["Subscription"] =
    ResolversParentTypes["Subscription"],
> = {
  paymentStatus?: SubscriptionResolver<
    ResolversTypes["PaymentCheck"],
    "paymentStatus",
    ParentType,
    ContextType,
    RequireFields<SubscriptionpaymentStatusArgs, "reference">
  >;
};

export type ReconciliationDetailValueResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["ReconciliationDetailValue"] =
    ResolversParentTypes["ReconciliationDetailValue"],
> = {
  name?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  amount?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  currency?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  text?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReconciliationTotalsResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["ReconciliationTotals"] =
    ResolversParentTypes["ReconciliationTotals"],
> = {
  count?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  gross?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  refunds?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  fees?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  net?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  currency?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReconciliationRunResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["ReconciliationRun"] =
    ResolversParentTypes["ReconciliationRun"],
> = {
  id?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  outcome?: Resolver<
    ResolversTypes["ReconciliationOutcome"],
    ParentType,
    ContextType
  >;
  detail?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  detailCode?: Resolver<
    Maybe<ResolversTypes["ReconciliationDetailCode"]>,
    ParentType,
    ContextType
  >;
  detailValues?: Resolver<
    Maybe<Array<ResolversTypes["ReconciliationDetailValue"]>>,
    ParentType,
    ContextType
  >;
  startedAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  finishedAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  differences?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  providerTotals?: Resolver<
    Maybe<ResolversTypes["ReconciliationTotals"]>,
    ParentType,
    ContextType
  >;
  shopTotals?: Resolver<
    Maybe<ResolversTypes["ReconciliationTotals"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReconciliationProviderDayResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["ReconciliationProviderDay"] =
    ResolversParentTypes["ReconciliationProviderDay"],
> = {
  provider?: Resolver<
    ResolversTypes["PaymentProvider"],
    ParentType,
    ContextType
  >;
  setup?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  latestRun?: Resolver<
    ResolversTypes["ReconciliationRun"],
    ParentType,
    ContextType
  >;
  runCount?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  openDifferences?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReconciliationItemResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["ReconciliationItem"] =
    ResolversParentTypes["ReconciliationItem"],
> = {
  id?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  provider?: Resolver<
    ResolversTypes["PaymentProvider"],
    ParentType,
    ContextType
  >;
  billDate?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  verdict?: Resolver<
    ResolversTypes["ReconciliationVerdict"],
    ParentType,
    ContextType
  >;
  state?: Resolver<
    ResolversTypes["ReconciliationItemState"],
    ParentType,
    ContextType
  >;
  outTradeNo?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  refundNo?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  orderNo?: Resolver<Maybe<ResolversTypes["ID"]>, ParentType, ContextType>;
  billKind?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  billAmount?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  billCurrency?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  billFee?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  payerAmount?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  payerCurrency?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  providerRef?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  billStatus?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  billedAt?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  shopAmount?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  shopCurrency?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  detail?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  detailCode?: Resolver<
    Maybe<ResolversTypes["ReconciliationDetailCode"]>,
    ParentType,
    ContextType
  >;
  detailValues?: Resolver<
    Maybe<Array<ResolversTypes["ReconciliationDetailValue"]>>,
    ParentType,
    ContextType
  >;
  recheckUntil?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  note?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  resolvedBy?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  resolvedAt?: Resolver<
    Maybe<ResolversTypes["String"]>,
    ParentType,
    ContextType
  >;
  updatedAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  allowedActions?: Resolver<
    Array<ResolversTypes["ReconciliationAction"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReconciliationDayResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["ReconciliationDay"] =
    ResolversParentTypes["ReconciliationDay"],
> = {
  date?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  providers?: Resolver<
    Array<ResolversTypes["ReconciliationProviderDay"]>,
    ParentType,
    ContextType
  >;
  items?: Resolver<
    Array<ResolversTypes["ReconciliationItem"]>,
    ParentType,
    ContextType
  >;
  reconcilableProviders?: Resolver<
    Array<ResolversTypes["PaymentProvider"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReconciliationDayProviderResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["ReconciliationDayProvider"] =
    ResolversParentTypes["ReconciliationDayProvider"],
> = {
  provider?: Resolver<
    ResolversTypes["PaymentProvider"],
    ParentType,
    ContextType
  >;
  outcome?: Resolver<
    ResolversTypes["ReconciliationOutcome"],
    ParentType,
    ContextType
  >;
  openDifferences?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReconciliationDaySummaryResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["ReconciliationDaySummary"] =
    ResolversParentTypes["ReconciliationDaySummary"],
> = {
  date?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  openDifferences?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  providers?: Resolver<
    Array<ResolversTypes["ReconciliationDayProvider"]>,
    ParentType,
    ContextType
  >;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReconciliationItemChangeResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["ReconciliationItemChange"] =
    ResolversParentTypes["ReconciliationItemChange"],
> = {
  item?: Resolver<
    ResolversTypes["ReconciliationItem"],
    ParentType,
    ContextType
  >;
  refundNo?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ReconciliationRerunResolvers<
  ContextType = ShopContext,
  ParentType extends ResolversParentTypes["ReconciliationRerun"] =
    ResolversParentTypes["ReconciliationRerun"],
> = {
  provider?: Resolver<
    ResolversTypes["PaymentProvider"],
    ParentType,
    ContextType
  >;
  date?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  changed?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type Resolvers<ContextType = ShopContext> = {
  Query?: QueryResolvers<ContextType>;
  AccountChange?: AccountChangeResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  Captcha?: CaptchaResolvers<ContextType>;
  LoginPayload?: LoginPayloadResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  AdminAccount?: AdminAccountResolvers<ContextType>;
  AdminAccountPage?: AdminAccountPageResolvers<ContextType>;
  AdminAccountChange?: AdminAccountChangeResolvers<ContextType>;
  AdminOrder?: AdminOrderResolvers<ContextType>;
  AdminRefund?: AdminRefundResolvers<ContextType>;
  AdminPaymentAttempt?: AdminPaymentAttemptResolvers<ContextType>;
  AdminRefundChange?: AdminRefundChangeResolvers<ContextType>;
  AdminOrderPage?: AdminOrderPageResolvers<ContextType>;
  AuditEvent?: AuditEventResolvers<ContextType>;
  AdminOrderChange?: AdminOrderChangeResolvers<ContextType>;
  RegistrationMirror?: RegistrationMirrorResolvers<ContextType>;
  RegistrationMirrorPage?: RegistrationMirrorPageResolvers<ContextType>;
  RegistrationMirrorChange?: RegistrationMirrorChangeResolvers<ContextType>;
  Book?: BookResolvers<ContextType>;
  Country?: CountryResolvers<ContextType>;
  IssuedInvoice?: IssuedInvoiceResolvers<ContextType>;
  Invoice?: InvoiceResolvers<ContextType>;
  PurchaseInfo?: PurchaseInfoResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  OrderRefund?: OrderRefundResolvers<ContextType>;
  OrderPage?: OrderPageResolvers<ContextType>;
  PaySign?: PaySignResolvers<ContextType>;
  NextAction?: NextActionResolvers<ContextType>;
  BankAccount?: BankAccountResolvers<ContextType>;
  PayerAmount?: PayerAmountResolvers<ContextType>;
  PaymentIntent?: PaymentIntentResolvers<ContextType>;
  CheckoutPayload?: CheckoutPayloadResolvers<ContextType>;
  PaymentCheck?: PaymentCheckResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  ReconciliationDetailValue?: ReconciliationDetailValueResolvers<ContextType>;
  ReconciliationTotals?: ReconciliationTotalsResolvers<ContextType>;
  ReconciliationRun?: ReconciliationRunResolvers<ContextType>;
  ReconciliationProviderDay?: ReconciliationProviderDayResolvers<ContextType>;
  ReconciliationItem?: ReconciliationItemResolvers<ContextType>;
  ReconciliationDay?: ReconciliationDayResolvers<ContextType>;
  ReconciliationDayProvider?: ReconciliationDayProviderResolvers<ContextType>;
  ReconciliationDaySummary?: ReconciliationDaySummaryResolvers<ContextType>;
  ReconciliationItemChange?: ReconciliationItemChangeResolvers<ContextType>;
  ReconciliationRerun?: ReconciliationRerunResolvers<ContextType>;
};

export type Loader<TReturn, TObj, TParams, TContext> = (
  queries: Array<{
    obj: TObj;
    params: TParams;
  }>,
  context: TContext & {
    reply: import("fastify").FastifyReply;
  },
) => Promise<Array<import("mercurius-codegen").DeepPartial<TReturn>>>;
export type LoaderResolver<TReturn, TObj, TParams, TContext> =
  | Loader<TReturn, TObj, TParams, TContext>
  | {
      loader: Loader<TReturn, TObj, TParams, TContext>;
      opts?: {
        cache?: boolean;
      };
    };
export interface Loaders<
  TContext = import("mercurius").MercuriusContext & {
    reply: import("fastify").FastifyReply;
  },
> {
  AccountChange?: {
    user?: LoaderResolver<User, AccountChange, {}, TContext>;
    sessionsEnded?: LoaderResolver<Scalars["Int"], AccountChange, {}, TContext>;
  };

  User?: {
    userId?: LoaderResolver<Scalars["ID"], User, {}, TContext>;
    firstName?: LoaderResolver<Scalars["String"], User, {}, TContext>;
    lastName?: LoaderResolver<Scalars["String"], User, {}, TContext>;
    email?: LoaderResolver<Scalars["String"], User, {}, TContext>;
    phoneArea?: LoaderResolver<Scalars["String"], User, {}, TContext>;
    phoneNo?: LoaderResolver<Scalars["String"], User, {}, TContext>;
    language?: LoaderResolver<Language, User, {}, TContext>;
    loginFirst?: LoaderResolver<Scalars["Boolean"], User, {}, TContext>;
    role?: LoaderResolver<Scalars["String"], User, {}, TContext>;
    company?: LoaderResolver<Scalars["String"], User, {}, TContext>;
  };

  Captcha?: {
    image?: LoaderResolver<Scalars["String"], Captcha, {}, TContext>;
    expiresInSeconds?: LoaderResolver<Scalars["Int"], Captcha, {}, TContext>;
  };

  LoginPayload?: {
    user?: LoaderResolver<User, LoginPayload, {}, TContext>;
    accessToken?: LoaderResolver<Scalars["String"], LoginPayload, {}, TContext>;
    expiresAt?: LoaderResolver<Scalars["String"], LoginPayload, {}, TContext>;
  };

  AdminAccount?: {
    userId?: LoaderResolver<Scalars["ID"], AdminAccount, {}, TContext>;
    email?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminAccount,
      {},
      TContext
    >;
    phoneArea?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminAccount,
      {},
      TContext
    >;
    phoneNo?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminAccount,
      {},
      TContext
    >;
    name?: LoaderResolver<Scalars["String"], AdminAccount, {}, TContext>;
    company?: LoaderResolver<Scalars["String"], AdminAccount, {}, TContext>;
    role?: LoaderResolver<Scalars["String"], AdminAccount, {}, TContext>;
    language?: LoaderResolver<Language, AdminAccount, {}, TContext>;
    disabled?: LoaderResolver<Scalars["Boolean"], AdminAccount, {}, TContext>;
    loginFirst?: LoaderResolver<Scalars["Boolean"], AdminAccount, {}, TContext>;
    createdAt?: LoaderResolver<Scalars["String"], AdminAccount, {}, TContext>;
    orderCount?: LoaderResolver<Scalars["Int"], AdminAccount, {}, TContext>;
    openSessions?: LoaderResolver<Scalars["Int"], AdminAccount, {}, TContext>;
    mirrorStatus?: LoaderResolver<
      Maybe<MirrorStatus>,
      AdminAccount,
      {},
      TContext
    >;
    mirrorLastError?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminAccount,
      {},
      TContext
    >;
    orders?: LoaderResolver<Array<AdminOrder>, AdminAccount, {}, TContext>;
  };

  AdminAccountPage?: {
    items?: LoaderResolver<Array<AdminAccount>, AdminAccountPage, {}, TContext>;
    total?: LoaderResolver<Scalars["Int"], AdminAccountPage, {}, TContext>;
    page?: LoaderResolver<Scalars["Int"], AdminAccountPage, {}, TContext>;
    pageSize?: LoaderResolver<Scalars["Int"], AdminAccountPage, {}, TContext>;
  };

  AdminAccountChange?: {
    changed?: LoaderResolver<
      Scalars["Boolean"],
      AdminAccountChange,
      {},
      TContext
    >;
    sessionsEnded?: LoaderResolver<
      Scalars["Int"],
      AdminAccountChange,
      {},
      TContext
    >;
    account?: LoaderResolver<AdminAccount, AdminAccountChange, {}, TContext>;
  };

  AdminOrder?: {
    orderNo?: LoaderResolver<Scalars["ID"], AdminOrder, {}, TContext>;
    createdAt?: LoaderResolver<Scalars["String"], AdminOrder, {}, TContext>;
    bookId?: LoaderResolver<Scalars["ID"], AdminOrder, {}, TContext>;
    bookName?: LoaderResolver<Scalars["String"], AdminOrder, {}, TContext>;
    format?: LoaderResolver<BookFormat, AdminOrder, {}, TContext>;
    language?: LoaderResolver<Language, AdminOrder, {}, TContext>;
    country?: LoaderResolver<Scalars["String"], AdminOrder, {}, TContext>;
    quantity?: LoaderResolver<Scalars["Int"], AdminOrder, {}, TContext>;
    unitPriceCents?: LoaderResolver<Scalars["Int"], AdminOrder, {}, TContext>;
    payType?: LoaderResolver<Scalars["Int"], AdminOrder, {}, TContext>;
    provider?: LoaderResolver<Maybe<PaymentProvider>, AdminOrder, {}, TContext>;
    paymentMethod?: LoaderResolver<
      Maybe<PaymentMethod>,
      AdminOrder,
      {},
      TContext
    >;
    amountCents?: LoaderResolver<Scalars["Int"], AdminOrder, {}, TContext>;
    amount?: LoaderResolver<Scalars["String"], AdminOrder, {}, TContext>;
    currency?: LoaderResolver<Scalars["String"], AdminOrder, {}, TContext>;
    status?: LoaderResolver<OrderStatus, AdminOrder, {}, TContext>;
    shippingStatus?: LoaderResolver<ShippingStatus, AdminOrder, {}, TContext>;
    invoiceRequired?: LoaderResolver<
      Scalars["Boolean"],
      AdminOrder,
      {},
      TContext
    >;
    invoice?: LoaderResolver<Maybe<Invoice>, AdminOrder, {}, TContext>;
    invoiceStatus?: LoaderResolver<InvoiceStatus, AdminOrder, {}, TContext>;
    issuedInvoice?: LoaderResolver<
      Maybe<IssuedInvoice>,
      AdminOrder,
      {},
      TContext
    >;
    canIssueInvoice?: LoaderResolver<
      Scalars["Boolean"],
      AdminOrder,
      {},
      TContext
    >;
    buyerId?: LoaderResolver<Scalars["ID"], AdminOrder, {}, TContext>;
    buyerEmail?: LoaderResolver<Scalars["String"], AdminOrder, {}, TContext>;
    buyerName?: LoaderResolver<Scalars["String"], AdminOrder, {}, TContext>;
    remarks?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminOrder,
      {},
      TContext
    >;
    paidAt?: LoaderResolver<Maybe<Scalars["String"]>, AdminOrder, {}, TContext>;
    shippedAt?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminOrder,
      {},
      TContext
    >;
    expiresAt?: LoaderResolver<Scalars["String"], AdminOrder, {}, TContext>;
    bankReference?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminOrder,
      {},
      TContext
    >;
    providerRef?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminOrder,
      {},
      TContext
    >;
    completionRequested?: LoaderResolver<
      Scalars["Boolean"],
      AdminOrder,
      {},
      TContext
    >;
    canCompleteBankTransfer?: LoaderResolver<
      Scalars["Boolean"],
      AdminOrder,
      {},
      TContext
    >;
    canMarkShipped?: LoaderResolver<
      Scalars["Boolean"],
      AdminOrder,
      {},
      TContext
    >;
    purchaseInfo?: LoaderResolver<
      Maybe<PurchaseInfo>,
      AdminOrder,
      {},
      TContext
    >;
    refundedAt?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminOrder,
      {},
      TContext
    >;
    canRefund?: LoaderResolver<Scalars["Boolean"], AdminOrder, {}, TContext>;
    attempts?: LoaderResolver<
      Array<AdminPaymentAttempt>,
      AdminOrder,
      {},
      TContext
    >;
  };

  AdminRefund?: {
    refundNo?: LoaderResolver<Scalars["ID"], AdminRefund, {}, TContext>;
    kind?: LoaderResolver<RefundKind, AdminRefund, {}, TContext>;
    status?: LoaderResolver<RefundStatus, AdminRefund, {}, TContext>;
    amount?: LoaderResolver<Scalars["String"], AdminRefund, {}, TContext>;
    currency?: LoaderResolver<Scalars["String"], AdminRefund, {}, TContext>;
    reference?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminRefund,
      {},
      TContext
    >;
    reason?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminRefund,
      {},
      TContext
    >;
    providerRefundId?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminRefund,
      {},
      TContext
    >;
    lastError?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminRefund,
      {},
      TContext
    >;
    createdAt?: LoaderResolver<Scalars["String"], AdminRefund, {}, TContext>;
    completedAt?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminRefund,
      {},
      TContext
    >;
  };

  AdminPaymentAttempt?: {
    id?: LoaderResolver<Scalars["ID"], AdminPaymentAttempt, {}, TContext>;
    outTradeNo?: LoaderResolver<
      Scalars["ID"],
      AdminPaymentAttempt,
      {},
      TContext
    >;
    provider?: LoaderResolver<
      Scalars["String"],
      AdminPaymentAttempt,
      {},
      TContext
    >;
    method?: LoaderResolver<
      Scalars["String"],
      AdminPaymentAttempt,
      {},
      TContext
    >;
    status?: LoaderResolver<
      PaymentIntentStatus,
      AdminPaymentAttempt,
      {},
      TContext
    >;
    amount?: LoaderResolver<
      Scalars["String"],
      AdminPaymentAttempt,
      {},
      TContext
    >;
    currency?: LoaderResolver<
      Scalars["String"],
      AdminPaymentAttempt,
      {},
      TContext
    >;
    orderAmount?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminPaymentAttempt,
      {},
      TContext
    >;
    orderCurrency?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminPaymentAttempt,
      {},
      TContext
    >;
    exchangeRate?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminPaymentAttempt,
      {},
      TContext
    >;
    exchangeRateSource?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminPaymentAttempt,
      {},
      TContext
    >;
    exchangeRateDate?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminPaymentAttempt,
      {},
      TContext
    >;
    payerAmount?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminPaymentAttempt,
      {},
      TContext
    >;
    payerCurrency?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminPaymentAttempt,
      {},
      TContext
    >;
    payerRate?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AdminPaymentAttempt,
      {},
      TContext
    >;
    role?: LoaderResolver<Maybe<RefundKind>, AdminPaymentAttempt, {}, TContext>;
    canRefund?: LoaderResolver<
      Scalars["Boolean"],
      AdminPaymentAttempt,
      {},
      TContext
    >;
    refunds?: LoaderResolver<
      Array<AdminRefund>,
      AdminPaymentAttempt,
      {},
      TContext
    >;
    createdAt?: LoaderResolver<
      Scalars["String"],
      AdminPaymentAttempt,
      {},
      TContext
    >;
  };

  AdminRefundChange?: {
    changed?: LoaderResolver<
      Scalars["Boolean"],
      AdminRefundChange,
      {},
      TContext
    >;
    refund?: LoaderResolver<AdminRefund, AdminRefundChange, {}, TContext>;
    order?: LoaderResolver<AdminOrder, AdminRefundChange, {}, TContext>;
  };

  AdminOrderPage?: {
    items?: LoaderResolver<Array<AdminOrder>, AdminOrderPage, {}, TContext>;
    total?: LoaderResolver<Scalars["Int"], AdminOrderPage, {}, TContext>;
    page?: LoaderResolver<Scalars["Int"], AdminOrderPage, {}, TContext>;
    pageSize?: LoaderResolver<Scalars["Int"], AdminOrderPage, {}, TContext>;
  };

  AuditEvent?: {
    id?: LoaderResolver<Scalars["ID"], AuditEvent, {}, TContext>;
    type?: LoaderResolver<Scalars["String"], AuditEvent, {}, TContext>;
    actorType?: LoaderResolver<ActorType, AuditEvent, {}, TContext>;
    actorId?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AuditEvent,
      {},
      TContext
    >;
    actorEmail?: LoaderResolver<
      Maybe<Scalars["String"]>,
      AuditEvent,
      {},
      TContext
    >;
    createdAt?: LoaderResolver<Scalars["String"], AuditEvent, {}, TContext>;
    before?: LoaderResolver<Maybe<Scalars["String"]>, AuditEvent, {}, TContext>;
    after?: LoaderResolver<Maybe<Scalars["String"]>, AuditEvent, {}, TContext>;
    data?: LoaderResolver<Maybe<Scalars["String"]>, AuditEvent, {}, TContext>;
  };

  AdminOrderChange?: {
    changed?: LoaderResolver<
      Scalars["Boolean"],
      AdminOrderChange,
      {},
      TContext
    >;
    order?: LoaderResolver<AdminOrder, AdminOrderChange, {}, TContext>;
  };

  RegistrationMirror?: {
    userId?: LoaderResolver<Scalars["ID"], RegistrationMirror, {}, TContext>;
    email?: LoaderResolver<
      Maybe<Scalars["String"]>,
      RegistrationMirror,
      {},
      TContext
    >;
    name?: LoaderResolver<Scalars["String"], RegistrationMirror, {}, TContext>;
    status?: LoaderResolver<MirrorStatus, RegistrationMirror, {}, TContext>;
    attempts?: LoaderResolver<Scalars["Int"], RegistrationMirror, {}, TContext>;
    lastError?: LoaderResolver<
      Maybe<Scalars["String"]>,
      RegistrationMirror,
      {},
      TContext
    >;
    lastAttemptAt?: LoaderResolver<
      Maybe<Scalars["String"]>,
      RegistrationMirror,
      {},
      TContext
    >;
    succeededAt?: LoaderResolver<
      Maybe<Scalars["String"]>,
      RegistrationMirror,
      {},
      TContext
    >;
    createdAt?: LoaderResolver<
      Scalars["String"],
      RegistrationMirror,
      {},
      TContext
    >;
  };

  RegistrationMirrorPage?: {
    items?: LoaderResolver<
      Array<RegistrationMirror>,
      RegistrationMirrorPage,
      {},
      TContext
    >;
    total?: LoaderResolver<
      Scalars["Int"],
      RegistrationMirrorPage,
      {},
      TContext
    >;
    page?: LoaderResolver<Scalars["Int"], RegistrationMirrorPage, {}, TContext>;
    pageSize?: LoaderResolver<
      Scalars["Int"],
      RegistrationMirrorPage,
      {},
      TContext
    >;
  };

  RegistrationMirrorChange?: {
    changed?: LoaderResolver<
      Scalars["Boolean"],
      RegistrationMirrorChange,
      {},
      TContext
    >;
    mirror?: LoaderResolver<
      RegistrationMirror,
      RegistrationMirrorChange,
      {},
      TContext
    >;
  };

  Book?: {
    id?: LoaderResolver<Scalars["ID"], Book, {}, TContext>;
    title?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    titleEn?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    titleZh?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    introduction?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    description?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    cover?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    coverEn?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    coverZh?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    edition?: LoaderResolver<Maybe<Scalars["String"]>, Book, {}, TContext>;
    pages?: LoaderResolver<Maybe<Scalars["Int"]>, Book, {}, TContext>;
    isbn?: LoaderResolver<Maybe<Scalars["String"]>, Book, {}, TContext>;
    publishedOn?: LoaderResolver<Maybe<Scalars["String"]>, Book, {}, TContext>;
    priceCents?: LoaderResolver<Scalars["Int"], Book, {}, TContext>;
    price?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    currency?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    vatText?: LoaderResolver<Scalars["String"], Book, {}, TContext>;
    ebookPurchased?: LoaderResolver<Scalars["Boolean"], Book, {}, TContext>;
    ebookPassword?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Book,
      {},
      TContext
    >;
    paidEbookOrder?: LoaderResolver<Maybe<Order>, Book, {}, TContext>;
  };

  Country?: {
    code?: LoaderResolver<Scalars["ID"], Country, {}, TContext>;
    en?: LoaderResolver<Scalars["String"], Country, {}, TContext>;
    cn?: LoaderResolver<Scalars["String"], Country, {}, TContext>;
  };

  IssuedInvoice?: {
    delivery?: LoaderResolver<InvoiceDelivery, IssuedInvoice, {}, TContext>;
    issuedAt?: LoaderResolver<Scalars["String"], IssuedInvoice, {}, TContext>;
    fileName?: LoaderResolver<
      Maybe<Scalars["String"]>,
      IssuedInvoice,
      {},
      TContext
    >;
    contentType?: LoaderResolver<
      Maybe<Scalars["String"]>,
      IssuedInvoice,
      {},
      TContext
    >;
    byteSize?: LoaderResolver<
      Maybe<Scalars["Int"]>,
      IssuedInvoice,
      {},
      TContext
    >;
    downloadUrl?: LoaderResolver<
      Maybe<Scalars["String"]>,
      IssuedInvoice,
      {},
      TContext
    >;
    courier?: LoaderResolver<
      Maybe<Scalars["String"]>,
      IssuedInvoice,
      {},
      TContext
    >;
    trackingNo?: LoaderResolver<
      Maybe<Scalars["String"]>,
      IssuedInvoice,
      {},
      TContext
    >;
  };

  Invoice?: {
    invoiceType?: LoaderResolver<InvoiceType, Invoice, {}, TContext>;
    invoicePayable?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
    services?: LoaderResolver<Maybe<Scalars["String"]>, Invoice, {}, TContext>;
    taxpayerInden?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
    registeredOffice?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
    financePhone?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
    accountOpeningBank?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
    bankAccount?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
    pickupMethod?: LoaderResolver<Maybe<PickupMethod>, Invoice, {}, TContext>;
    recipientName?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
    contactPhone?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
    contactArea?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
    contactMail?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
    province?: LoaderResolver<Maybe<Scalars["String"]>, Invoice, {}, TContext>;
    city?: LoaderResolver<Maybe<Scalars["String"]>, Invoice, {}, TContext>;
    area?: LoaderResolver<Maybe<Scalars["String"]>, Invoice, {}, TContext>;
    detailedAddress?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Invoice,
      {},
      TContext
    >;
  };

  PurchaseInfo?: {
    streetNumber?: LoaderResolver<
      Scalars["String"],
      PurchaseInfo,
      {},
      TContext
    >;
    zip?: LoaderResolver<Scalars["String"], PurchaseInfo, {}, TContext>;
    town?: LoaderResolver<Scalars["String"], PurchaseInfo, {}, TContext>;
    province?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PurchaseInfo,
      {},
      TContext
    >;
    country?: LoaderResolver<Scalars["String"], PurchaseInfo, {}, TContext>;
    vatId?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PurchaseInfo,
      {},
      TContext
    >;
    letterbox?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PurchaseInfo,
      {},
      TContext
    >;
    landlineTel?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PurchaseInfo,
      {},
      TContext
    >;
    mobileTel?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PurchaseInfo,
      {},
      TContext
    >;
    purchaseOrderNo?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PurchaseInfo,
      {},
      TContext
    >;
    paymentMethod?: LoaderResolver<Scalars["Int"], PurchaseInfo, {}, TContext>;
    selLanguage?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PurchaseInfo,
      {},
      TContext
    >;
  };

  Order?: {
    orderNo?: LoaderResolver<Scalars["ID"], Order, {}, TContext>;
    createdAt?: LoaderResolver<Scalars["String"], Order, {}, TContext>;
    bookId?: LoaderResolver<Scalars["ID"], Order, {}, TContext>;
    bookName?: LoaderResolver<Scalars["String"], Order, {}, TContext>;
    format?: LoaderResolver<BookFormat, Order, {}, TContext>;
    language?: LoaderResolver<Language, Order, {}, TContext>;
    country?: LoaderResolver<Scalars["String"], Order, {}, TContext>;
    payType?: LoaderResolver<Scalars["Int"], Order, {}, TContext>;
    paymentMethod?: LoaderResolver<Maybe<PaymentMethod>, Order, {}, TContext>;
    amountCents?: LoaderResolver<Scalars["Int"], Order, {}, TContext>;
    amount?: LoaderResolver<Scalars["String"], Order, {}, TContext>;
    currency?: LoaderResolver<Scalars["String"], Order, {}, TContext>;
    status?: LoaderResolver<OrderStatus, Order, {}, TContext>;
    shippingStatus?: LoaderResolver<ShippingStatus, Order, {}, TContext>;
    invoiceRequired?: LoaderResolver<Scalars["Boolean"], Order, {}, TContext>;
    invoice?: LoaderResolver<Maybe<Invoice>, Order, {}, TContext>;
    invoiceStatus?: LoaderResolver<InvoiceStatus, Order, {}, TContext>;
    issuedInvoice?: LoaderResolver<Maybe<IssuedInvoice>, Order, {}, TContext>;
    buyerEmail?: LoaderResolver<Scalars["String"], Order, {}, TContext>;
    ebookPassword?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Order,
      {},
      TContext
    >;
    downloadable?: LoaderResolver<Scalars["Boolean"], Order, {}, TContext>;
    downloadUrl?: LoaderResolver<Maybe<Scalars["String"]>, Order, {}, TContext>;
    paidAt?: LoaderResolver<Maybe<Scalars["String"]>, Order, {}, TContext>;
    expiresAt?: LoaderResolver<Scalars["String"], Order, {}, TContext>;
    bankReference?: LoaderResolver<
      Maybe<Scalars["String"]>,
      Order,
      {},
      TContext
    >;
    refundedAt?: LoaderResolver<Maybe<Scalars["String"]>, Order, {}, TContext>;
    refunds?: LoaderResolver<Array<OrderRefund>, Order, {}, TContext>;
  };

  OrderRefund?: {
    amount?: LoaderResolver<Scalars["String"], OrderRefund, {}, TContext>;
    currency?: LoaderResolver<Scalars["String"], OrderRefund, {}, TContext>;
    kind?: LoaderResolver<RefundKind, OrderRefund, {}, TContext>;
    status?: LoaderResolver<RefundStatus, OrderRefund, {}, TContext>;
    completedAt?: LoaderResolver<
      Maybe<Scalars["String"]>,
      OrderRefund,
      {},
      TContext
    >;
  };

  OrderPage?: {
    items?: LoaderResolver<Array<Order>, OrderPage, {}, TContext>;
    total?: LoaderResolver<Scalars["Int"], OrderPage, {}, TContext>;
    page?: LoaderResolver<Scalars["Int"], OrderPage, {}, TContext>;
    pageSize?: LoaderResolver<Scalars["Int"], OrderPage, {}, TContext>;
  };

  PaySign?: {
    appId?: LoaderResolver<Scalars["String"], PaySign, {}, TContext>;
    timeStamp?: LoaderResolver<Scalars["String"], PaySign, {}, TContext>;
    nonceStr?: LoaderResolver<Scalars["String"], PaySign, {}, TContext>;
    package?: LoaderResolver<Scalars["String"], PaySign, {}, TContext>;
    signType?: LoaderResolver<Scalars["String"], PaySign, {}, TContext>;
    paySign?: LoaderResolver<Scalars["String"], PaySign, {}, TContext>;
  };

  NextAction?: {
    type?: LoaderResolver<NextActionType, NextAction, {}, TContext>;
    codeUrl?: LoaderResolver<
      Maybe<Scalars["String"]>,
      NextAction,
      {},
      TContext
    >;
    paySign?: LoaderResolver<Maybe<PaySign>, NextAction, {}, TContext>;
    body?: LoaderResolver<Maybe<Scalars["String"]>, NextAction, {}, TContext>;
    href?: LoaderResolver<Maybe<Scalars["String"]>, NextAction, {}, TContext>;
    reference?: LoaderResolver<
      Maybe<Scalars["String"]>,
      NextAction,
      {},
      TContext
    >;
    bankAccount?: LoaderResolver<Maybe<BankAccount>, NextAction, {}, TContext>;
  };

  BankAccount?: {
    payee?: LoaderResolver<Scalars["String"], BankAccount, {}, TContext>;
    payeeAddress?: LoaderResolver<
      Maybe<Scalars["String"]>,
      BankAccount,
      {},
      TContext
    >;
    bank?: LoaderResolver<Scalars["String"], BankAccount, {}, TContext>;
    bankAddress?: LoaderResolver<
      Maybe<Scalars["String"]>,
      BankAccount,
      {},
      TContext
    >;
    iban?: LoaderResolver<Scalars["String"], BankAccount, {}, TContext>;
    bic?: LoaderResolver<Scalars["String"], BankAccount, {}, TContext>;
    charges?: LoaderResolver<BankCharges, BankAccount, {}, TContext>;
  };

  PayerAmount?: {
    amount?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PayerAmount,
      {},
      TContext
    >;
    currency?: LoaderResolver<Scalars["String"], PayerAmount, {}, TContext>;
    exact?: LoaderResolver<Scalars["Boolean"], PayerAmount, {}, TContext>;
    rate?: LoaderResolver<Maybe<Scalars["String"]>, PayerAmount, {}, TContext>;
    rateDate?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PayerAmount,
      {},
      TContext
    >;
    rateSource?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PayerAmount,
      {},
      TContext
    >;
  };

  PaymentIntent?: {
    id?: LoaderResolver<Scalars["ID"], PaymentIntent, {}, TContext>;
    orderNo?: LoaderResolver<Scalars["ID"], PaymentIntent, {}, TContext>;
    method?: LoaderResolver<PaymentMethod, PaymentIntent, {}, TContext>;
    status?: LoaderResolver<PaymentIntentStatus, PaymentIntent, {}, TContext>;
    amountCents?: LoaderResolver<Scalars["Int"], PaymentIntent, {}, TContext>;
    amount?: LoaderResolver<Scalars["String"], PaymentIntent, {}, TContext>;
    currency?: LoaderResolver<Scalars["String"], PaymentIntent, {}, TContext>;
    nextAction?: LoaderResolver<Maybe<NextAction>, PaymentIntent, {}, TContext>;
    createdAt?: LoaderResolver<Scalars["String"], PaymentIntent, {}, TContext>;
    payee?: LoaderResolver<Scalars["String"], PaymentIntent, {}, TContext>;
    expiresAt?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PaymentIntent,
      {},
      TContext
    >;
    payerAmount?: LoaderResolver<
      Maybe<PayerAmount>,
      PaymentIntent,
      {},
      TContext
    >;
  };

  CheckoutPayload?: {
    order?: LoaderResolver<Order, CheckoutPayload, {}, TContext>;
    paymentIntent?: LoaderResolver<
      PaymentIntent,
      CheckoutPayload,
      {},
      TContext
    >;
    reused?: LoaderResolver<Scalars["Boolean"], CheckoutPayload, {}, TContext>;
    previousPaymentOpenUntil?: LoaderResolver<
      Maybe<Scalars["String"]>,
      CheckoutPayload,
      {},
      TContext
    >;
    previousPaymentProvider?: LoaderResolver<
      Maybe<PaymentProvider>,
      CheckoutPayload,
      {},
      TContext
    >;
  };

  PaymentCheck?: {
    paid?: LoaderResolver<Scalars["Boolean"], PaymentCheck, {}, TContext>;
    orderNo?: LoaderResolver<Maybe<Scalars["ID"]>, PaymentCheck, {}, TContext>;
    bookId?: LoaderResolver<Maybe<Scalars["ID"]>, PaymentCheck, {}, TContext>;
    status?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PaymentCheck,
      {},
      TContext
    >;
    retryHref?: LoaderResolver<
      Maybe<Scalars["String"]>,
      PaymentCheck,
      {},
      TContext
    >;
    duplicate?: LoaderResolver<Scalars["Boolean"], PaymentCheck, {}, TContext>;
    message?: LoaderResolver<Scalars["String"], PaymentCheck, {}, TContext>;
  };

  ReconciliationDetailValue?: {
    name?: LoaderResolver<
      Scalars["String"],
      ReconciliationDetailValue,
      {},
      TContext
    >;
    amount?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationDetailValue,
      {},
      TContext
    >;
    currency?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationDetailValue,
      {},
      TContext
    >;
    text?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationDetailValue,
      {},
      TContext
    >;
  };

  ReconciliationTotals?: {
    count?: LoaderResolver<Scalars["Int"], ReconciliationTotals, {}, TContext>;
    gross?: LoaderResolver<
      Scalars["String"],
      ReconciliationTotals,
      {},
      TContext
    >;
    refunds?: LoaderResolver<
      Scalars["String"],
      ReconciliationTotals,
      {},
      TContext
    >;
    fees?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationTotals,
      {},
      TContext
    >;
    net?: LoaderResolver<Scalars["String"], ReconciliationTotals, {}, TContext>;
    currency?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationTotals,
      {},
      TContext
    >;
  };

  ReconciliationRun?: {
    id?: LoaderResolver<Scalars["ID"], ReconciliationRun, {}, TContext>;
    outcome?: LoaderResolver<
      ReconciliationOutcome,
      ReconciliationRun,
      {},
      TContext
    >;
    detail?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationRun,
      {},
      TContext
    >;
    detailCode?: LoaderResolver<
      Maybe<ReconciliationDetailCode>,
      ReconciliationRun,
      {},
      TContext
    >;
    detailValues?: LoaderResolver<
      Maybe<Array<ReconciliationDetailValue>>,
      ReconciliationRun,
      {},
      TContext
    >;
    startedAt?: LoaderResolver<
      Scalars["String"],
      ReconciliationRun,
      {},
      TContext
    >;
    finishedAt?: LoaderResolver<
      Scalars["String"],
      ReconciliationRun,
      {},
      TContext
    >;
    differences?: LoaderResolver<
      Scalars["Int"],
      ReconciliationRun,
      {},
      TContext
    >;
    providerTotals?: LoaderResolver<
      Maybe<ReconciliationTotals>,
      ReconciliationRun,
      {},
      TContext
    >;
    shopTotals?: LoaderResolver<
      Maybe<ReconciliationTotals>,
      ReconciliationRun,
      {},
      TContext
    >;
  };

  ReconciliationProviderDay?: {
    provider?: LoaderResolver<
      PaymentProvider,
      ReconciliationProviderDay,
      {},
      TContext
    >;
    setup?: LoaderResolver<
      Scalars["String"],
      ReconciliationProviderDay,
      {},
      TContext
    >;
    latestRun?: LoaderResolver<
      ReconciliationRun,
      ReconciliationProviderDay,
      {},
      TContext
    >;
    runCount?: LoaderResolver<
      Scalars["Int"],
      ReconciliationProviderDay,
      {},
      TContext
    >;
    openDifferences?: LoaderResolver<
      Scalars["Int"],
      ReconciliationProviderDay,
      {},
      TContext
    >;
  };

  ReconciliationItem?: {
    id?: LoaderResolver<Scalars["ID"], ReconciliationItem, {}, TContext>;
    provider?: LoaderResolver<
      PaymentProvider,
      ReconciliationItem,
      {},
      TContext
    >;
    billDate?: LoaderResolver<
      Scalars["String"],
      ReconciliationItem,
      {},
      TContext
    >;
    verdict?: LoaderResolver<
      ReconciliationVerdict,
      ReconciliationItem,
      {},
      TContext
    >;
    state?: LoaderResolver<
      ReconciliationItemState,
      ReconciliationItem,
      {},
      TContext
    >;
    outTradeNo?: LoaderResolver<
      Scalars["String"],
      ReconciliationItem,
      {},
      TContext
    >;
    refundNo?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    orderNo?: LoaderResolver<
      Maybe<Scalars["ID"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    billKind?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    billAmount?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    billCurrency?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    billFee?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    payerAmount?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    payerCurrency?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    providerRef?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    billStatus?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    billedAt?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    shopAmount?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    shopCurrency?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    detail?: LoaderResolver<
      Scalars["String"],
      ReconciliationItem,
      {},
      TContext
    >;
    detailCode?: LoaderResolver<
      Maybe<ReconciliationDetailCode>,
      ReconciliationItem,
      {},
      TContext
    >;
    detailValues?: LoaderResolver<
      Maybe<Array<ReconciliationDetailValue>>,
      ReconciliationItem,
      {},
      TContext
    >;
    recheckUntil?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    note?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    resolvedBy?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    resolvedAt?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItem,
      {},
      TContext
    >;
    updatedAt?: LoaderResolver<
      Scalars["String"],
      ReconciliationItem,
      {},
      TContext
    >;
    allowedActions?: LoaderResolver<
      Array<ReconciliationAction>,
      ReconciliationItem,
      {},
      TContext
    >;
  };

  ReconciliationDay?: {
    date?: LoaderResolver<Scalars["String"], ReconciliationDay, {}, TContext>;
    providers?: LoaderResolver<
      Array<ReconciliationProviderDay>,
      ReconciliationDay,
      {},
      TContext
    >;
    items?: LoaderResolver<
      Array<ReconciliationItem>,
      ReconciliationDay,
      {},
      TContext
    >;
    reconcilableProviders?: LoaderResolver<
      Array<PaymentProvider>,
      ReconciliationDay,
      {},
      TContext
    >;
  };

  ReconciliationDayProvider?: {
    provider?: LoaderResolver<
      PaymentProvider,
      ReconciliationDayProvider,
      {},
      TContext
    >;
    outcome?: LoaderResolver<
      ReconciliationOutcome,
      ReconciliationDayProvider,
      {},
      TContext
    >;
    openDifferences?: LoaderResolver<
      Scalars["Int"],
      ReconciliationDayProvider,
      {},
      TContext
    >;
  };

  ReconciliationDaySummary?: {
    date?: LoaderResolver<
      Scalars["String"],
      ReconciliationDaySummary,
      {},
      TContext
    >;
    openDifferences?: LoaderResolver<
      Scalars["Int"],
      ReconciliationDaySummary,
      {},
      TContext
    >;
    providers?: LoaderResolver<
      Array<ReconciliationDayProvider>,
      ReconciliationDaySummary,
      {},
      TContext
    >;
  };

  ReconciliationItemChange?: {
    item?: LoaderResolver<
      ReconciliationItem,
      ReconciliationItemChange,
      {},
      TContext
    >;
    refundNo?: LoaderResolver<
      Maybe<Scalars["String"]>,
      ReconciliationItemChange,
      {},
      TContext
    >;
  };

  ReconciliationRerun?: {
    provider?: LoaderResolver<
      PaymentProvider,
      ReconciliationRerun,
      {},
      TContext
    >;
    date?: LoaderResolver<Scalars["String"], ReconciliationRerun, {}, TContext>;
    changed?: LoaderResolver<
      Scalars["Boolean"],
      ReconciliationRerun,
      {},
      TContext
    >;
  };
}
declare module "mercurius" {
  interface IResolvers extends Resolvers<
    import("mercurius").MercuriusContext
  > {}
  interface MercuriusLoaders extends Loaders {}
}
