import type { MessageKey } from '../i18n/messages.js';

/** The GraphQL extensions.code values a refusal can carry (stable: clients switch on them). */
export type GqlCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'CONFLICT'
  | 'WRONG_ORDER_STATE'
  | 'WRONG_ITEM_STATE'
  | 'CAPTCHA_INVALID'
  | 'CODE_INVALID'
  | 'CODE_LOCKED'
  | 'CODE_NOT_CONFIRMED'
  | 'LOGIN_FAILED'
  | 'ACCOUNT_DISABLED'
  | 'ACCOUNT_EXISTS'
  | 'OLD_PASSWORD_ERROR'
  | 'ALREADY_BOUGHT'
  | 'PREVIOUS_PAYMENT_OPEN'
  | 'PAYMENT_PROVIDER_ERROR'
  | 'PAYMENT_METHOD_UNAVAILABLE'
  | 'PAPER_BOOK'
  | 'EMAIL_REQUIRED'
  | 'WECHAT_AUTH_REQUIRED'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'DOWNLOAD_FAILED';

export interface CatalogueEntry {
  /** The wording, in both languages, from i18n/messages (spec sections 5 and 8). */
  message: MessageKey;
  /** The `code` of the legacy `{code, message, data}` answer; GraphQL repeats it as extensions.legacyCode. */
  legacyCode: number;
  /** GraphQL extensions.code. */
  gqlCode: GqlCode;
  /** HTTP status of the legacy answer when it is not 200 (the outcome is normally only in `code`). */
  httpStatus?: number;
}

const input = (message: MessageKey): CatalogueEntry => ({ message, legacyCode: 400, gqlCode: 'BAD_USER_INPUT' });
const notFound = (message: MessageKey): CatalogueEntry => ({ message, legacyCode: 404, gqlCode: 'NOT_FOUND' });
const wrongState = (message: MessageKey): CatalogueEntry => ({ message, legacyCode: 409, gqlCode: 'WRONG_ORDER_STATE' });

/**
 * Every refusal the service layer can give, once: both faces answer from here (the legacy error
 * handler in routes/legacy/envelope.ts, the GraphQL error formatter in graphql/error-format.ts).
 * The key usually is the message key; a key of its own with a shared message means the same words
 * with a different code for the client to act on.
 */
export const errorCatalogue = {
  // Input checks (spec section 5).
  badRequest: input('badRequest'),
  emailRequired: input('emailRequired'),
  emailInvalid: input('emailInvalid'),
  passwordRequired: input('passwordRequired'),
  passwordRule: input('passwordRule'),
  passwordMismatch: input('passwordMismatch'),
  samePassword: input('samePassword'),
  codeRequired: input('codeRequired'),
  codeTooLong: input('codeTooLong'),
  captchaRequired: input('captchaRequired'),
  // An answer longer than a captcha is a malformed field, not a tried answer: the captcha is not burnt.
  captchaMalformed: input('captchaError'),
  lastNameRequired: input('lastNameRequired'),
  firstNameRequired: input('firstNameRequired'),
  nameTooLong: input('nameTooLong'),
  companyRequired: input('companyRequired'),
  companyTooLong: input('companyTooLong'),
  agreementRequired: input('agreementRequired'),
  phoneRequired: input('phoneRequired'),
  phoneInvalid: input('phoneInvalid'),
  selectCountry: input('selectCountry'),
  pleaseEnter: input('pleaseEnter'),
  tooLong64: input('tooLong64'),
  tooLong255: input('tooLong255'),
  dateInvalid: input('dateInvalid'),
  dateRangeTooLong: input('dateRangeTooLong'),
  tooLong500: input('tooLong500'),
  reconciliationNoteRequired: input('reconciliationNoteRequired'),
  quantityInvalid: input('quantityInvalid'),
  transferReferenceRequired: input('transferReferenceRequired'),
  refundReferenceRequired: input('refundReferenceRequired'),
  cannotDisableSelf: input('cannotDisableSelf'),
  // A payment method the shop does not know at all (the request is malformed), as opposed to
  // paymentMethodUnavailable: one it knows but cannot take here.
  paymentMethodUnknown: input('paymentMethodUnavailable'),

  // Who is asking.
  notLoggedIn: { message: 'notLoggedIn', legacyCode: 401, gqlCode: 'UNAUTHENTICATED' },
  noPermission: { message: 'noPermission', legacyCode: 403, gqlCode: 'FORBIDDEN' },
  notBoundMailbox: { message: 'notBoundMailbox', legacyCode: 403, gqlCode: 'FORBIDDEN' },
  // A spent budget: the legacy answer is HTTP 429 with Retry-After (docs/api.md, abuse limits).
  tooManyRequests: { message: 'tooManyRequests', legacyCode: 429, gqlCode: 'RATE_LIMITED', httpStatus: 429 },

  // Captcha and codes (spec sections 7 and 8).
  captchaError: { message: 'captchaError', legacyCode: 400, gqlCode: 'CAPTCHA_INVALID' },
  captchaExpired: { message: 'captchaExpired', legacyCode: 400, gqlCode: 'CAPTCHA_INVALID' },
  captchaNotVerified: { message: 'captchaNotVerified', legacyCode: 400, gqlCode: 'CAPTCHA_INVALID' },
  codeCooldown: { message: 'codeCooldown', legacyCode: 429, gqlCode: 'RATE_LIMITED' },
  codeHourlyCap: { message: 'codeHourlyCap', legacyCode: 429, gqlCode: 'RATE_LIMITED' },
  codeError: { message: 'codeError', legacyCode: 404, gqlCode: 'CODE_INVALID' },
  // Legacy confirmVer: the client reads 404 as 'Verification code error' (spec section 8).
  confirmCodeError: { message: 'captchaError', legacyCode: 404, gqlCode: 'CODE_INVALID' },
  codeLocked: { message: 'codeLocked', legacyCode: 404, gqlCode: 'CODE_LOCKED' },
  codeNotConfirmed: { message: 'codeNotConfirmed', legacyCode: 400, gqlCode: 'CODE_NOT_CONFIRMED' },

  // Accounts: the legacy client shows the message of any code but 200 (spec section 8). A wrong old
  // password, a disabled account and a refused download (below) are expected refusals, not server
  // faults (500): the spec names no code for them, so they carry its code for a refused check, 404
  // (confirmVer: 'Verification code error').
  userNotExist: notFound('userNotExist'),
  accountOrPasswordError: { message: 'accountOrPasswordError', legacyCode: 500, gqlCode: 'LOGIN_FAILED' },
  emailNotRegistered: { message: 'emailNotRegistered', legacyCode: 500, gqlCode: 'LOGIN_FAILED' },
  accountDisabled: { message: 'accountDisabled', legacyCode: 404, gqlCode: 'ACCOUNT_DISABLED' },
  userExists: { message: 'userExists', legacyCode: 500, gqlCode: 'ACCOUNT_EXISTS' },
  phoneExists: { message: 'phoneExists', legacyCode: 500, gqlCode: 'ACCOUNT_EXISTS' },
  emailInUse: { message: 'emailInUse', legacyCode: 500, gqlCode: 'ACCOUNT_EXISTS' },
  oldPasswordError: { message: 'oldPasswordError', legacyCode: 404, gqlCode: 'OLD_PASSWORD_ERROR' },
  accountNotFound: notFound('accountNotFound'),
  mirrorNotFound: notFound('mirrorNotFound'),

  // Buying and orders.
  bookNotFound: notFound('bookNotFound'),
  orderNotFound: notFound('orderNotFound'),
  buyerNotFound: notFound('buyerNotFound'),
  paperBook: { message: 'paperBook', legacyCode: 500, gqlCode: 'PAPER_BOOK' },
  alreadyBought: { message: 'alreadyBought', legacyCode: 409, gqlCode: 'ALREADY_BOUGHT' },
  requestInProgress: { message: 'requestInProgress', legacyCode: 409, gqlCode: 'CONFLICT' },
  previousPaymentOpen: { message: 'previousPaymentOpen', legacyCode: 409, gqlCode: 'PREVIOUS_PAYMENT_OPEN' },
  failedPurchase: { message: 'failedPurchase', legacyCode: 500, gqlCode: 'PAYMENT_PROVIDER_ERROR' },
  paymentMethodUnavailable: { message: 'paymentMethodUnavailable', legacyCode: 400, gqlCode: 'PAYMENT_METHOD_UNAVAILABLE' },
  emailRequiredForEbook: { message: 'emailRequiredForEbook', legacyCode: 400, gqlCode: 'EMAIL_REQUIRED' },
  openIdRequired: { message: 'openIdRequired', legacyCode: 400, gqlCode: 'WECHAT_AUTH_REQUIRED' },
  idempotencyMismatch: { message: 'idempotencyMismatch', legacyCode: 422, gqlCode: 'IDEMPOTENCY_KEY_REUSED' },
  downloadFailed: { message: 'downloadFailed', legacyCode: 404, gqlCode: 'DOWNLOAD_FAILED' },

  // Operator console: each names what is wrong with the order.
  wrongOrderState: wrongState('wrongOrderState'),
  notBankTransferOrder: wrongState('notBankTransferOrder'),
  orderNotAwaitingPayment: wrongState('orderNotAwaitingPayment'),
  orderNotPaidYet: wrongState('orderNotPaidYet'),
  notPaperOrder: wrongState('notPaperOrder'),
  orderNotRefundable: wrongState('orderNotRefundable'),
  nothingToRefund: wrongState('nothingToRefund'),
  openPaperOrderExists: wrongState('openPaperOrderExists'),

  // Invoices: what is wrong with the order, or with the document the operator gave.
  invoiceNotRequested: wrongState('invoiceNotRequested'),
  invoiceAlreadyIssued: wrongState('invoiceAlreadyIssued'),
  invoiceOrderNotPaid: wrongState('invoiceOrderNotPaid'),
  invoiceOrderRefunded: wrongState('invoiceOrderRefunded'),
  invoiceWantsFile: wrongState('invoiceWantsFile'),
  invoiceWantsCourier: wrongState('invoiceWantsCourier'),
  invoiceFileType: { message: 'invoiceFileType', legacyCode: 415, gqlCode: 'BAD_USER_INPUT' },
  invoiceFileTooLarge: { message: 'invoiceFileTooLarge', legacyCode: 413, gqlCode: 'BAD_USER_INPUT' },
  invoiceFileEmpty: input('fileEmpty'),
  courierRequired: input('courierRequired'),
  trackingNoRequired: input('trackingNoRequired'),

  // Reconciliation: a difference resolved already, or an action that does not fit it.
  reconciliationItemNotFound: notFound('reconciliationItemNotFound'),
  reconciliationItemNotOpen: { message: 'reconciliationItemNotOpen', legacyCode: 409, gqlCode: 'WRONG_ITEM_STATE' },
  reconciliationActionNotAllowed: { message: 'reconciliationActionNotAllowed', legacyCode: 409, gqlCode: 'WRONG_ITEM_STATE' },
  reconciliationUnsupported: input('reconciliationUnsupported'),
  reconciliationDayNotOver: input('reconciliationDayNotOver'),
  bankStatementUnreadable: input('bankStatementUnreadable'),
  bankStatementNoCredits: input('bankStatementNoCredits'),
} satisfies Record<string, CatalogueEntry>;

export type ErrorKey = keyof typeof errorCatalogue;
