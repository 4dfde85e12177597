import { ConfigError, loadSettings, type ProcessSettings, type RawConfig } from './load.js';

export interface CommonConfig {
  env: 'development' | 'test' | 'production';
  databaseUrl: string;
  databasePoolSize: number;
  redisUrl: string;
  queuePrefix: string;
  logLevel: string;
  publicUrl: string;
  orderExpiryMinutes: number;
  serviceEmail: string;
  shutdownGraceMs: number;
  appSecret: string;
  retryDelayScale: number;
  /** PAYMENT_FIRST_POLL_MS: the first look at the provider after a checkout (before RETRY_DELAY_SCALE). */
  firstPollMs: number;
  paymentsConfigFile: string | undefined;
  /** PAYMENTS_LOOPBACK_HTTP: the benchmark's production-mode stack talks to loopback sandboxes. */
  paymentsLoopbackHttp: boolean;
  /** Bearer token for /metrics; undefined = open outside production, refused in production. */
  metricsToken: string | undefined;
  /** Path the SPA is served under, with slashes on both ends. */
  basePath: string;
  brand: Brand;
  /** Where the e-book PDFs are, and the shared folder of the buyers' encrypted copies with its bound. */
  ebooks: { contentDir: string; copiesDir: string; copiesMaxBytes: number };
}

/** The shop's name per language and its colour (configuration, not code). */
export interface Brand {
  name: { en: string; zh: string };
  color: string;
  seller: Seller;
}

/** Who sells: shown on every page that takes money and in every mail, as the law asks of a seller. */
export interface Seller {
  name: { en: string; zh: string };
  address: { en: string; zh: string };
  /** Register and number, the same in both languages. */
  registration: string;
}

export interface GatewayConfig extends CommonConfig {
  host: string;
  port: number;
  /** Text of the drawn mark; the logo file replaces it when set. */
  brandMark: string;
  brandLogoFile: string | undefined;
  legalDir: string;
  webDistDir: string;
  trustProxy: string[];
  cookieSecure: boolean;
  sessionTtlHours: number;
  contentDir: string;
  serviceEmail2: string;
  serviceHotline: string;
  /** The external home page per language. */
  homeUrl: { en: string; zh: string };
  /** The external login page; null = the in-app login dialog. */
  externalLoginUrl: string | null;
  enableTestHooks: boolean;
  /** Tests: each legacy answer is checked against its documented response schema. */
  checkLegacyAnswers: boolean;
  /** Render the public book list at start (PRERENDER_WARM_UP) rather than with the first page asked for. */
  prerenderWarmUp: boolean;
  rateLimitScale: number;
  /** Bound of the repeated catalogue queries' kept answers, in bytes (GRAPHQL_ANSWER_CACHE_MB). */
  graphqlAnswerCacheBytes: number;
  /** Live-status WebSockets: closed after this long without a subscription; pinged this often; connection_init due this soon. */
  liveIdleMs: number;
  liveInitMs: number;
  livePingMs: number;
  /** The payee of the QR payment page per page language (the merchant name the payment app shows). */
  payee: { en: string; zh: string };
  /** IANA zone of the storefront's times while the buyer's own is not known (SHOP_TIME_ZONE). */
  timeZone: string;
  bankTransferExpiryDays: number;
}

/** The SMS provider account (Alibaba Cloud SMS) and one template per code purpose. */
export interface SmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  endpoint: string;
  templates: { register: string; reset: string };
}

export interface WorkersConfig extends CommonConfig {
  /** null when SMS_ACCESS_KEY_ID and friends are unset (no SMS codes). */
  sms: SmsConfig | null;
  smtpUrl: string;
  mailFrom: string;
  registrationServiceUrl: string;
  registrationTimeoutMs: number;
  workerConcurrency: number;
  jobLockMs: number;
  reconcileIntervalMs: number;
  abandonedAfterSeconds: number;
  metricsPort: number;
  metricsHost: string;
}

// Settings with a default are present after loading (the `!`); optional ones may be undefined.
function common(v: ProcessSettings): CommonConfig {
  return {
    env: v.NODE_ENV!,
    databaseUrl: v.DATABASE_URL!,
    databasePoolSize: v.DATABASE_POOL_SIZE!,
    redisUrl: v.REDIS_URL!,
    queuePrefix: v.QUEUE_PREFIX!,
    logLevel: v.LOG_LEVEL!,
    publicUrl: v.PUBLIC_URL!.replace(/\/+$/, ''),
    orderExpiryMinutes: v.ORDER_EXPIRY_MINUTES!,
    serviceEmail: v.SERVICE_EMAIL!,
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS!,
    appSecret: v.APP_SECRET!,
    retryDelayScale: v.RETRY_DELAY_SCALE!,
    firstPollMs: v.PAYMENT_FIRST_POLL_MS!,
    paymentsConfigFile: v.PAYMENTS_CONFIG_FILE,
    paymentsLoopbackHttp: v.PAYMENTS_LOOPBACK_HTTP ?? false,
    metricsToken: v.METRICS_TOKEN,
    basePath: normaliseBasePath(v.BASE_PATH!),
    brand: {
      name: { en: v.BRAND_NAME_EN!, zh: v.BRAND_NAME_ZH! },
      color: v.BRAND_COLOR!,
      seller: {
        name: { en: v.SELLER_NAME_EN!, zh: v.SELLER_NAME_ZH! },
        address: { en: v.SELLER_ADDRESS_EN!, zh: v.SELLER_ADDRESS_ZH! },
        registration: v.SELLER_REGISTRATION!,
      },
    },
    ebooks: { contentDir: v.CONTENT_DIR!, copiesDir: v.EBOOK_CACHE_DIR!, copiesMaxBytes: v.EBOOK_CACHE_MAX_MB! * 1024 * 1024 },
  };
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function brandProblems(v: Record<string, unknown>): string[] {
  return HEX_COLOR.test(String(v.BRAND_COLOR)) ? [] : [`BRAND_COLOR must be a colour like #1d4ed8, got "${String(v.BRAND_COLOR)}"`];
}

const devSecret = 'dev-only-secret-do-not-use-in-production';

function productionProblems(c: CommonConfig): string[] {
  if (c.env !== 'production') return [];
  if (c.appSecret === devSecret || c.appSecret.length < 32)
    return ['APP_SECRET must be set to a random value of at least 32 characters when NODE_ENV=production'];
  return [];
}

function normaliseBasePath(p: string): string {
  const trimmed = p.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

export function loadGatewayConfig(env: RawConfig = process.env): GatewayConfig {
  const v = loadSettings('gateway', env);
  const c = common(v);
  const problems = [...productionProblems(c), ...brandProblems(v)];
  const mark = String(v.BRAND_MARK).trim();
  if (!mark || [...mark].length > 4) problems.push('BRAND_MARK must be one to four characters');
  const timeZone = String(v.SHOP_TIME_ZONE);
  if (!isTimeZone(timeZone)) problems.push(`SHOP_TIME_ZONE must be an IANA time zone like Asia/Shanghai, got "${timeZone}"`);
  if (c.env === 'production' && v.ENABLE_TEST_HOOKS === true) {
    problems.push('ENABLE_TEST_HOOKS must not be true when NODE_ENV=production');
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    ...c,
    host: v.HOST!,
    port: v.PORT!,
    brandMark: mark,
    brandLogoFile: v.BRAND_LOGO_FILE || undefined,
    legalDir: v.LEGAL_DIR!,
    webDistDir: v.WEB_DIST_DIR!,
    trustProxy: String(v.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    cookieSecure: v.COOKIE_SECURE ?? c.env === 'production',
    sessionTtlHours: v.SESSION_TTL_HOURS!,
    contentDir: v.CONTENT_DIR!,
    serviceEmail2: v.SERVICE_EMAIL_2!,
    serviceHotline: v.SERVICE_HOTLINE!,
    homeUrl: { en: v.HOME_URL_EN!, zh: v.HOME_URL_ZH! },
    externalLoginUrl: v.EXTERNAL_LOGIN_URL || null,
    enableTestHooks: v.ENABLE_TEST_HOOKS!,
    checkLegacyAnswers: v.CHECK_LEGACY_ANSWERS!,
    prerenderWarmUp: v.PRERENDER_WARM_UP!,
    rateLimitScale: v.RATE_LIMIT_SCALE!,
    graphqlAnswerCacheBytes: v.GRAPHQL_ANSWER_CACHE_MB! * 1024 * 1024,
    liveIdleMs: v.LIVE_IDLE_SECONDS! * 1000,
    livePingMs: v.LIVE_PING_SECONDS! * 1000,
    liveInitMs: v.LIVE_INIT_SECONDS! * 1000,
    payee: { en: v.PAYEE_NAME!, zh: v.PAYEE_NAME_ZH! },
    timeZone,
    bankTransferExpiryDays: v.BANK_TRANSFER_EXPIRY_DAYS!,
  };
}

/** "Brand" <no-reply@host of PUBLIC_URL>: the buyer sees who writes, not a machine name. */
function defaultSender(c: CommonConfig): string {
  const host = new URL(c.publicUrl).hostname;
  return `"${c.brand.name.en.replace(/["\\]/g, '')}" <no-reply@${host}>`;
}

export function loadWorkersConfig(env: RawConfig = process.env): WorkersConfig {
  const v = loadSettings('workers', env);
  const c = common(v);
  const problems = [...productionProblems(c), ...brandProblems(v)];
  // All or nothing: half an SMS account would fail only when the first code is sent.
  const smsKeys = ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_REGISTER', 'SMS_TEMPLATE_RESET'] as const;
  const smsGiven = smsKeys.filter((k) => v[k]);
  if (smsGiven.length && smsGiven.length < smsKeys.length)
    problems.push(`SMS needs all of ${smsKeys.join(', ')}; missing ${smsKeys.filter((k) => !v[k]).join(', ')}`);
  if (problems.length) throw new ConfigError(problems);
  return {
    ...c,
    sms: smsGiven.length
      ? {
          accessKeyId: v.SMS_ACCESS_KEY_ID!,
          accessKeySecret: v.SMS_ACCESS_KEY_SECRET!,
          signName: v.SMS_SIGN_NAME!,
          endpoint: v.SMS_ENDPOINT!,
          templates: { register: v.SMS_TEMPLATE_REGISTER!, reset: v.SMS_TEMPLATE_RESET! },
        }
      : null,
    smtpUrl: v.SMTP_URL!,
    mailFrom: v.MAIL_FROM || defaultSender(c),
    registrationServiceUrl: v.REGISTRATION_SERVICE_URL!,
    registrationTimeoutMs: v.REGISTRATION_TIMEOUT_SECONDS! * 1000,
    workerConcurrency: v.WORKER_CONCURRENCY!,
    jobLockMs: v.JOB_LOCK_MS!,
    reconcileIntervalMs: v.RECONCILE_INTERVAL_MS!,
    abandonedAfterSeconds: v.ABANDONED_AFTER_SECONDS!,
    metricsPort: v.WORKERS_METRICS_PORT!,
    metricsHost: v.WORKERS_METRICS_HOST!,
  };
}

/** An IANA zone name this runtime knows (Asia/Shanghai, Europe/Berlin, UTC); nothing else is taken. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][\w+-]*(\/[\w+-]+){0,2}$/.test(value) || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
