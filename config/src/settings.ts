import { FormatRegistry, Type, type TLiteral, type TNumber, type TSchema, type TString, type TBoolean, type TUnion } from '@sinclair/typebox';

export type Process = 'gateway' | 'workers';
export type SettingKind = 'string' | 'int' | 'number' | 'bool' | 'url' | 'enum' | 'path';

/** What every setting's schema carries beside its type: who reads it and how to document it. */
interface Meta {
  /** The text of the environment variable as documented (always a string: it comes from the environment). */
  default?: string;
  /** Required in every environment (no default can be guessed). */
  required?: boolean;
  /** Values that must never be logged or echoed in an error. */
  secret?: boolean;
  min?: number;
  max?: number;
}

FormatRegistry.Set('url', (v) => URL.canParse(v));

const both: readonly Process[] = ['gateway', 'workers'];

function meta(kind: SettingKind, usedBy: readonly Process[], description: string, m: Meta) {
  const bounds = { ...(m.min !== undefined ? { minimum: m.min } : {}), ...(m.max !== undefined ? { maximum: m.max } : {}) };
  return {
    kind,
    usedBy,
    description,
    ...(m.default !== undefined ? { default: m.default } : {}),
    required: m.required ?? false,
    secret: m.secret ?? false,
    ...bounds,
  };
}
const string = (usedBy: readonly Process[], description: string, m: Meta = {}): TString => Type.String(meta('string', usedBy, description, m));
const path = (usedBy: readonly Process[], description: string, m: Meta = {}): TString => Type.String(meta('path', usedBy, description, m));
const url = (usedBy: readonly Process[], description: string, m: Meta = {}): TString => Type.String({ ...meta('url', usedBy, description, m), format: 'url' });
const bool = (usedBy: readonly Process[], description: string, m: Meta = {}): TBoolean => Type.Boolean(meta('bool', usedBy, description, m));
const number = (usedBy: readonly Process[], description: string, m: Meta = {}): TNumber => Type.Number(meta('number', usedBy, description, m));
// A whole number: converted from the text as a number, so "1.5" is refused rather than truncated.
const int = (usedBy: readonly Process[], description: string, m: Meta = {}): TNumber => Type.Number({ ...meta('int', usedBy, description, m), multipleOf: 1 });
const oneOf = <const V extends string>(values: readonly V[], usedBy: readonly Process[], description: string, m: Meta = {}): TUnion<TLiteral<V>[]> =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { ...meta('enum', usedBy, description, m), values },
  );

// The one schema of every setting: each process's loader validates against its part, the table
// of docs/configuration.md and the docker-compose check are derived from it.
export const settingSchemas = {
  NODE_ENV: oneOf(['development', 'test', 'production'], both, 'Runtime mode; production refuses dev-only switches.', { default: 'development' }),
  DATABASE_URL: url(both, 'PostgreSQL connection string.', { required: true, secret: true }),
  DATABASE_POOL_SIZE: int(both, 'Connections per process.', { default: '10', min: 1, max: 200 }),
  REDIS_URL: url(both, 'Redis for queues, rate limits and captchas (AOF on, maxmemory-policy noeviction).', { required: true, secret: true }),
  QUEUE_PREFIX: string(both, 'BullMQ key prefix; the hash tag keeps a queue on one Redis Cluster slot.', { default: '{shop}' }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], both, 'pino log level.', { default: 'info' }),
  HOST: string(['gateway'], 'Interface the gateway listens on (0.0.0.0 in containers).', { default: '127.0.0.1' }),
  PORT: int(['gateway'], 'Gateway HTTP port.', { default: '3000', min: 0, max: 65535 }),
  PUBLIC_URL: url(both, 'External URL of the gateway, used in mails and provider callbacks.', { default: 'http://localhost:3000' }),
  BASE_PATH: string(both, 'Path the SPA is served under (and the links in mails point to).', { default: '/shop/' }),
  WEB_DIST_DIR: path(['gateway'], 'Folder of the built SPA.', { default: 'web/dist' }),
  TRUST_PROXY: string(['gateway'], 'Comma-separated addresses/CIDRs of trusted reverse proxies; empty trusts none.', { default: '' }),
  COOKIE_SECURE: bool(['gateway'], 'Secure flag on the session cookie; defaults to true in production.'),
  SESSION_TTL_HOURS: int(['gateway'], 'Session lifetime (spec: 1 day).', { default: '24', min: 1, max: 720 }),
  ORDER_EXPIRY_MINUTES: int(both, 'How long an unpaid order stays open.', { default: '120', min: 5, max: 10080 }),
  BANK_TRANSFER_EXPIRY_DAYS: int(['gateway'], 'How long a bank-transfer order waits for the money (a transfer takes days, not hours).', {
    default: '14',
    min: 1,
    max: 90,
  }),
  CONTENT_DIR: path(both, 'Folder holding the e-book PDFs named in the catalogue.', { default: 'content/books' }),
  EBOOK_CACHE_DIR: path(
    both,
    "Folder of the buyers' encrypted e-book copies, written by the workers when an order is paid (and by the gateway when a download comes first) and streamed by every gateway replica: one volume shared by the gateway and the workers.",
    { default: '.data/ebook-copies' },
  ),
  EBOOK_CACHE_MAX_MB: int(both, 'Size bound of EBOOK_CACHE_DIR; above it the copies downloaded least recently are removed (and made again when asked for).', {
    default: '2048',
    min: 16,
    max: 1048576,
  }),
  PAYMENTS_CONFIG_FILE: path(
    both,
    'JSON file with the adapter config (keys, ids, API base) of each enabled provider: wechat, alipay, paypal, each with its merchant setup; bankTransfer holds the bank details (enabled: false turns bank transfer off) and exchangeRates the dated EUR→CNY rates of domestic setups (and the reference rate of an overseas WeChat Pay setup). npm start writes one for the local sandboxes.',
    { secret: true },
  ),
  PAYMENTS_LOOPBACK_HTTP: bool(
    both,
    'Benchmark only: lets a production-mode stack use the local payment sandboxes over plain http on loopback addresses (127.0.0.1, localhost, ::1); never set in a deployment.',
    { default: 'false' },
  ),
  PAYEE_NAME: string(['gateway'], 'Payee shown on the QR payment page of an English page: the merchant name the payment app shows.', {
    default: 'Automotive Software Quality Standard Publications',
  }),
  PAYEE_NAME_ZH: string(['gateway'], 'Payee shown on the QR payment page of a Chinese page: the Chinese merchant name the payment app shows.', {
    default: '汽车软件质量标准出版物',
  }),
  SMTP_URL: url(['workers'], 'SMTP server for codes and receipts.', { default: 'smtp://127.0.0.1:1025', secret: true }),
  MAIL_FROM: string(['workers'], 'Sender of outgoing mail; unset, the English brand name with no-reply@ the host of PUBLIC_URL.'),
  BRAND_NAME_EN: string(both, 'Name of the shop in English: header, tab title, mails.', { default: 'ASQ Standard Publications' }),
  BRAND_NAME_ZH: string(both, 'Name of the shop in Chinese: header, tab title, mails.', { default: '汽车软件质量标准出版物' }),
  BRAND_MARK: string(['gateway'], 'One to four characters drawn as the mark (header, favicon) when no BRAND_LOGO_FILE is given.', { default: 'ASQ' }),
  BRAND_COLOR: string(both, 'Brand colour (#rrggbb): the mark, the main buttons, the mail header.', { default: '#1d4ed8' }),
  SHOP_TIME_ZONE: string(
    ['gateway'],
    "IANA time zone the storefront shows times in until the buyer's browser has told its own (kept in the timeZone cookie).",
    {
      default: 'Asia/Shanghai',
    },
  ),
  BRAND_LOGO_FILE: path(['gateway'], 'SVG or PNG file shown as the mark and the favicon instead of the drawn one.'),
  SELLER_NAME_EN: string(both, 'Legal name of the seller in English, shown on every page that takes money and in the footer of every mail.', {
    default: 'Automotive Software Quality Standard Publications (example operator)',
  }),
  SELLER_NAME_ZH: string(both, 'Legal name of the seller in Chinese (payment pages and mails in Chinese).', {
    default: '汽车软件质量标准出版物（示例运营者）',
  }),
  SELLER_ADDRESS_EN: string(both, "The seller's postal address in English, one line (payment pages, mail footers).", {
    default: 'Example Street 1, 10115 Berlin, Germany',
  }),
  SELLER_ADDRESS_ZH: string(both, "The seller's postal address in Chinese, one line (payment pages, mail footers).", { default: '德国柏林 10115，示例街1号' }),
  SELLER_REGISTRATION: string(both, "The seller's register and registration number, e.g. Amtsgericht Berlin HRB 000000 (payment pages, mail footers).", {
    default: 'Example Register 000000',
  }),
  LEGAL_DIR: path(
    ['gateway'],
    'Folder of the legal pages, one markdown file per page and language (en/imprint.md, zh/terms.md, …); the operator replaces the templates.',
    { default: 'content/legal' },
  ),
  SERVICE_EMAIL: string(both, 'Customer-service mailbox shown to buyers.', { default: 'info@example.org' }),
  SERVICE_EMAIL_2: string(['gateway'], 'Second customer-service mailbox shown to buyers.', { default: 'service@example.org' }),
  SERVICE_HOTLINE: string(['gateway'], 'Customer-service hotline shown to buyers.', { default: '+86 400 000 0000' }),
  HOME_URL_EN: url(['gateway'], 'External home page the header links to in English.', { default: 'https://example.org/en/' }),
  EXTERNAL_LOGIN_URL: url(
    ['gateway'],
    "The platform's external login page (spec section 2): when set, every login the shop asks for goes there with access=login or access=order; unset, the shop's own login dialog opens.",
  ),
  HOME_URL_ZH: url(['gateway'], 'External home page the header links to in Chinese.', { default: 'https://example.org/zh/' }),
  REGISTRATION_SERVICE_URL: url(['workers'], 'External registration service that mirrors new accounts.', { default: 'http://127.0.0.1:4100/register' }),
  REGISTRATION_TIMEOUT_SECONDS: int(['workers'], 'A mirror call to the registration service is given up after this long and retried with backoff.', {
    default: '10',
    min: 1,
    max: 300,
  }),
  SMS_ACCESS_KEY_ID: string(
    ['workers'],
    'Alibaba Cloud SMS AccessKey id; unset, SMS codes (phone accounts) cannot be sent. npm start points it at the local SMS sandbox.',
  ),
  SMS_ACCESS_KEY_SECRET: string(['workers'], 'Alibaba Cloud SMS AccessKey secret (signs every SendSms request, HMAC-SHA1).', { secret: true }),
  SMS_SIGN_NAME: string(['workers'], 'Approved SMS signature (SignName).'),
  SMS_TEMPLATE_REGISTER: string(['workers'], 'Template code of the registration code SMS (one variable, code).'),
  SMS_TEMPLATE_RESET: string(['workers'], 'Template code of the password-reset code SMS (one variable, code).'),
  SMS_ENDPOINT: url(['workers'], 'SendSms endpoint (the local SMS sandbox in development and tests).', { default: 'https://dysmsapi.aliyuncs.com' }),
  APP_SECRET: string(both, 'Secret for hashing codes and sealing data between gateway and workers (at least 32 characters in production).', {
    default: 'dev-only-secret-do-not-use-in-production',
    secret: true,
  }),
  ENABLE_TEST_HOOKS: bool(['gateway'], 'Dev/test-only endpoints (captcha answers); refused in production.', { default: 'false' }),
  CHECK_LEGACY_ANSWERS: bool(
    ['gateway'],
    'Tests: check every answer of a legacy /api/ route against its OpenAPI response schema and record each mismatch (app.legacyAnswerMismatches).',
    { default: 'false' },
  ),
  PRERENDER_WARM_UP: bool(
    ['gateway'],
    "Load the storefront's server renderer and render a guest's book list at start, so the first buyers find it rendered; off, it loads with the first page asked for (the test stacks turn it off unless a suite serves pages).",
    { default: 'true' },
  ),
  PAYMENT_FIRST_POLL_MS: int(
    both,
    'How long after a checkout the shop first asks the provider about an online payment, in case its notification never comes; later looks back off from 5 s, doubling to 5 minutes. Both are scaled by RETRY_DELAY_SCALE. An early look is safe at every provider: an unpaid WeChat trade answers NOTPAY, an Alipay trade whose cashier is not open yet ACQ.TRADE_NOT_EXIST, both read as still open; a buyer seldom pays within seconds of seeing the code, so a much earlier look mostly costs a query.',
    { default: '4000', min: 500, max: 300000 },
  ),
  RETRY_DELAY_SCALE: number(both, 'Multiplies every job retry delay (tests and the dev stack compress time with it).', { default: '1', min: 0.0001, max: 100 }),
  RATE_LIMIT_SCALE: number(['gateway'], 'Multiplies every per-client rate limit (raise it for load tests).', { default: '1', min: 0.01, max: 1000 }),
  GRAPHQL_ANSWER_CACHE_MB: int(
    ['gateway'],
    'Heap the kept answers of repeated catalogue queries may take per gateway process (answers and their keys); the oldest go first.',
    { default: '8', min: 1, max: 1024 },
  ),
  LIVE_IDLE_SECONDS: int(['gateway'], 'A live-status WebSocket watching no order is closed after this long.', { default: '60', min: 1, max: 3600 }),
  LIVE_INIT_SECONDS: int(
    ['gateway'],
    'A live-status WebSocket must send connection_init this soon after it opens, or it is closed (4408); raise it for slow mobile networks.',
    { default: '10', min: 1, max: 120 },
  ),
  LIVE_PING_SECONDS: int(
    ['gateway'],
    "The gateway pings each live-status WebSocket this often (keep it under a proxy's idle timeout); a client silent for three pings is dropped.",
    { default: '20', min: 1, max: 600 },
  ),
  WORKER_CONCURRENCY: int(['workers'], 'Jobs each worker runs at once per queue.', { default: '5', min: 1, max: 100 }),
  SHUTDOWN_GRACE_MS: int(both, 'How long a SIGTERM waits for running work before exiting.', { default: '10000', min: 100, max: 600000 }),
  JOB_LOCK_MS: int(['workers'], 'Lock time of a running job; the jobs of a worker that died are taken over by another after about this long.', {
    default: '30000',
    min: 1000,
    max: 600000,
  }),
  RECONCILE_INTERVAL_MS: int(
    ['workers'],
    'How often the reconciliation sweep re-enqueues the work PostgreSQL still expects (open payment attempts, pending mirrors, unrelayed outbox rows, due expiries).',
    { default: '30000', min: 200, max: 3600000 },
  ),
  ABANDONED_AFTER_SECONDS: int(
    ['workers'],
    'A checkout still unfinished after this long counts as abandoned: the sweep frees its Idempotency-Key and closes its half-created payment attempt.',
    { default: '120', min: 5, max: 86400 },
  ),
  WORKERS_METRICS_PORT: int(['workers'], "Port of the workers' Prometheus /metrics (job durations and failures); 0 turns it off.", {
    default: '0',
    min: 0,
    max: 65535,
  }),
  WORKERS_METRICS_HOST: string(['workers'], "Interface the workers' /metrics listens on (0.0.0.0 in containers).", { default: '127.0.0.1' }),
  METRICS_TOKEN: string(
    both,
    'Bearer token required on /metrics of gateway and workers; when unset /metrics is open outside production and refused in production.',
    { secret: true },
  ),
} satisfies Record<string, TSchema>;

export type SettingName = keyof typeof settingSchemas;

export interface Setting {
  name: SettingName;
  kind: SettingKind;
  description: string;
  usedBy: readonly Process[];
  default?: string;
  required: boolean;
  secret: boolean;
  values?: readonly string[];
  min?: number;
  max?: number;
}

/** The settings as a documented list (docs/configuration.md, compose check). */
export const settings: readonly Setting[] = Object.entries(settingSchemas).map(([name, s]) => {
  const x = s as unknown as Record<string, unknown>;
  return {
    name: name as SettingName,
    kind: x.kind as SettingKind,
    description: x.description as string,
    usedBy: x.usedBy as readonly Process[],
    default: x.default as string | undefined,
    required: x.required as boolean,
    secret: x.secret as boolean,
    values: x.values as readonly string[] | undefined,
    min: x.minimum as number | undefined,
    max: x.maximum as number | undefined,
  };
});
