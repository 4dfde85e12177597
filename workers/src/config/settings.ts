export type SettingKind = 'string' | 'int' | 'number' | 'bool' | 'url' | 'enum' | 'path';
export type Process = 'gateway' | 'workers';

export interface Setting {
  name: string;
  kind: SettingKind;
  description: string;
  usedBy: readonly Process[];
  default?: string;
  /** Required in every environment (no default can be guessed). */
  required?: boolean;
  values?: readonly string[];
  min?: number;
  max?: number;
  /** Values that must never be logged. */
  secret?: boolean;
}

const both: readonly Process[] = ['gateway', 'workers'];

// The one list of every setting: the loader validates against it, the README table and the
// docker-compose check are derived from it.
export const settings = [
  { name: 'NODE_ENV', kind: 'enum', values: ['development', 'test', 'production'], default: 'development', usedBy: both, description: 'Runtime mode; production refuses dev-only switches.' },
  { name: 'DATABASE_URL', kind: 'url', required: true, usedBy: both, secret: true, description: 'PostgreSQL connection string.' },
  { name: 'DATABASE_POOL_SIZE', kind: 'int', default: '10', min: 1, max: 200, usedBy: both, description: 'Connections per process.' },
  { name: 'REDIS_URL', kind: 'url', required: true, usedBy: both, secret: true, description: 'Redis for queues, rate limits and captchas (AOF on, maxmemory-policy noeviction).' },
  { name: 'QUEUE_PREFIX', kind: 'string', default: '{shop}', usedBy: both, description: 'BullMQ key prefix; the hash tag keeps a queue on one Redis Cluster slot.' },
  { name: 'LOG_LEVEL', kind: 'enum', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info', usedBy: both, description: 'pino log level.' },
  { name: 'HOST', kind: 'string', default: '127.0.0.1', usedBy: ['gateway'], description: 'Interface the gateway listens on (0.0.0.0 in containers).' },
  { name: 'PORT', kind: 'int', default: '3000', min: 0, max: 65535, usedBy: ['gateway'], description: 'Gateway HTTP port.' },
  { name: 'PUBLIC_URL', kind: 'url', default: 'http://localhost:3000', usedBy: both, description: 'External URL of the gateway, used in mails and provider callbacks.' },
  { name: 'BASE_PATH', kind: 'string', default: '/shop/', usedBy: ['gateway'], description: 'Path the SPA is served under.' },
  { name: 'WEB_DIST_DIR', kind: 'path', default: 'web/dist', usedBy: ['gateway'], description: 'Folder of the built SPA.' },
  { name: 'TRUST_PROXY', kind: 'string', default: '', usedBy: ['gateway'], description: 'Comma-separated addresses/CIDRs of trusted reverse proxies; empty trusts none.' },
  { name: 'COOKIE_SECURE', kind: 'bool', usedBy: ['gateway'], description: 'Secure flag on the session cookie; defaults to true in production.' },
  { name: 'SESSION_TTL_HOURS', kind: 'int', default: '24', min: 1, max: 720, usedBy: ['gateway'], description: 'Session lifetime (spec: 1 day).' },
  { name: 'ORDER_EXPIRY_MINUTES', kind: 'int', default: '120', min: 5, max: 10080, usedBy: both, description: 'How long an unpaid order stays open.' },
  { name: 'BANK_TRANSFER_EXPIRY_DAYS', kind: 'int', default: '14', min: 1, max: 90, usedBy: ['gateway'], description: 'How long a bank-transfer order waits for the money (a transfer takes days, not hours).' },
  { name: 'CONTENT_DIR', kind: 'path', default: 'content/books', usedBy: ['gateway'], description: 'Folder holding the e-book PDFs named in the catalogue.' },
  { name: 'PAYMENTS_CONFIG_FILE', kind: 'path', usedBy: both, secret: true, description: 'JSON file with the adapter config (keys, ids, API base) of each enabled provider: wechat, alipay, paypal; bank transfer is always on. npm start writes one for the local sandboxes.' },
  { name: 'PAYEE_NAME', kind: 'string', default: 'Automotive Software Quality Standard Publications', usedBy: ['gateway'], description: 'Payee shown on the QR payment page and the offline notice.' },
  { name: 'SMTP_URL', kind: 'url', default: 'smtp://127.0.0.1:1025', usedBy: ['workers'], secret: true, description: 'SMTP server for codes and receipts.' },
  { name: 'MAIL_FROM', kind: 'string', default: 'Shop <no-reply@localhost>', usedBy: ['workers'], description: 'Sender address of outgoing mail.' },
  { name: 'SERVICE_EMAIL', kind: 'string', default: 'info@example.org', usedBy: both, description: 'Customer-service mailbox shown to buyers.' },
  { name: 'SERVICE_EMAIL_2', kind: 'string', default: 'service@example.org', usedBy: ['gateway'], description: 'Second customer-service mailbox shown to buyers.' },
  { name: 'SERVICE_HOTLINE', kind: 'string', default: '+86 400 000 0000', usedBy: ['gateway'], description: 'Customer-service hotline shown to buyers.' },
  { name: 'HOME_URL_EN', kind: 'url', default: 'https://example.org/en/', usedBy: ['gateway'], description: 'External home page the header links to in English.' },
  { name: 'EXTERNAL_LOGIN_URL', kind: 'url', usedBy: ['gateway'], description: "The platform's external login page (spec section 2): when set, every login the shop asks for goes there with access=login or access=order; unset, the shop's own login dialog opens." },
  { name: 'HOME_URL_ZH', kind: 'url', default: 'https://example.org/zh/', usedBy: ['gateway'], description: 'External home page the header links to in Chinese.' },
  { name: 'REGISTRATION_SERVICE_URL', kind: 'url', default: 'http://127.0.0.1:4100/register', usedBy: ['workers'], description: 'External registration service that mirrors new accounts.' },
  { name: 'SMS_ACCESS_KEY_ID', kind: 'string', usedBy: ['workers'], description: 'Alibaba Cloud SMS AccessKey id; unset, SMS codes (phone accounts) cannot be sent. npm start points it at the local SMS sandbox.' },
  { name: 'SMS_ACCESS_KEY_SECRET', kind: 'string', usedBy: ['workers'], secret: true, description: 'Alibaba Cloud SMS AccessKey secret (signs every SendSms request, HMAC-SHA1).' },
  { name: 'SMS_SIGN_NAME', kind: 'string', usedBy: ['workers'], description: 'Approved SMS signature (SignName).' },
  { name: 'SMS_TEMPLATE_REGISTER', kind: 'string', usedBy: ['workers'], description: 'Template code of the registration code SMS (one variable, code).' },
  { name: 'SMS_TEMPLATE_RESET', kind: 'string', usedBy: ['workers'], description: 'Template code of the password-reset code SMS (one variable, code).' },
  { name: 'SMS_ENDPOINT', kind: 'url', default: 'https://dysmsapi.aliyuncs.com', usedBy: ['workers'], description: 'SendSms endpoint (the local SMS sandbox in development and tests).' },
  { name: 'APP_SECRET', kind: 'string', default: 'dev-only-secret-do-not-use-in-production', usedBy: both, secret: true, description: 'Secret for hashing codes and sealing data between gateway and workers (at least 32 characters in production).' },
  { name: 'ENABLE_TEST_HOOKS', kind: 'bool', default: 'false', usedBy: ['gateway'], description: 'Dev/test-only endpoints (captcha answers); refused in production.' },
  { name: 'RETRY_DELAY_SCALE', kind: 'number', default: '1', min: 0.0001, max: 100, usedBy: both, description: 'Multiplies every job retry delay (tests and the dev stack compress time with it).' },
  { name: 'RATE_LIMIT_SCALE', kind: 'number', default: '1', min: 0.01, max: 1000, usedBy: ['gateway'], description: 'Multiplies every per-client rate limit (raise it for load tests).' },
  { name: 'WORKER_CONCURRENCY', kind: 'int', default: '5', min: 1, max: 100, usedBy: ['workers'], description: 'Jobs each worker runs at once per queue.' },
  { name: 'SHUTDOWN_GRACE_MS', kind: 'int', default: '10000', min: 100, max: 600000, usedBy: both, description: 'How long a SIGTERM waits for running work before exiting.' },
  { name: 'JOB_LOCK_MS', kind: 'int', default: '30000', min: 1000, max: 600000, usedBy: ['workers'], description: 'Lock time of a running job; the jobs of a worker that died are taken over by another after about this long.' },
  { name: 'RECONCILE_INTERVAL_MS', kind: 'int', default: '30000', min: 200, max: 3600000, usedBy: ['workers'], description: 'How often the reconciliation sweep re-enqueues the work PostgreSQL still expects (open payment attempts, pending mirrors, unrelayed outbox rows, due expiries).' },
  { name: 'ABANDONED_AFTER_SECONDS', kind: 'int', default: '120', min: 5, max: 86400, usedBy: ['workers'], description: 'A checkout still unfinished after this long counts as abandoned: the sweep frees its Idempotency-Key and closes its half-created payment attempt.' },
  { name: 'WORKERS_METRICS_PORT', kind: 'int', default: '0', min: 0, max: 65535, usedBy: ['workers'], description: 'Port of the workers\' Prometheus /metrics (job durations and failures); 0 turns it off.' },
  { name: 'WORKERS_METRICS_HOST', kind: 'string', default: '127.0.0.1', usedBy: ['workers'], description: 'Interface the workers\' /metrics listens on (0.0.0.0 in containers).' },
  { name: 'METRICS_TOKEN', kind: 'string', usedBy: both, secret: true, description: 'Bearer token required on /metrics of gateway and workers; when unset /metrics is open outside production and refused in production.' },
] as const satisfies readonly Setting[];

export type SettingName = (typeof settings)[number]['name'];
