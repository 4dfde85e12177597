import { ConfigError, loadSettings, type RawConfig } from './load.js';
import type { SmsSettings } from '../processors/sms.js';

export { settings, type Setting, type Process } from './settings.js';
export { ConfigError, loadSettings, type RawConfig } from './load.js';

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
  paymentsConfigFile: string | undefined;
  /** Bearer token for /metrics; undefined = open outside production, refused in production. */
  metricsToken: string | undefined;
}

export interface GatewayConfig extends CommonConfig {
  host: string;
  port: number;
  basePath: string;
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
  rateLimitScale: number;
  payeeName: string;
  bankTransferExpiryDays: number;
}

export interface WorkersConfig extends CommonConfig {
  /** The SMS provider account; null when SMS_ACCESS_KEY_ID is unset (no SMS codes). */
  sms: SmsSettings | null;
  smtpUrl: string;
  mailFrom: string;
  registrationServiceUrl: string;
  workerConcurrency: number;
  jobLockMs: number;
  reconcileIntervalMs: number;
  abandonedAfterSeconds: number;
  metricsPort: number;
  metricsHost: string;
}

function common(v: Record<string, unknown>): CommonConfig {
  return {
    env: v.NODE_ENV as CommonConfig['env'],
    databaseUrl: v.DATABASE_URL as string,
    databasePoolSize: v.DATABASE_POOL_SIZE as number,
    redisUrl: v.REDIS_URL as string,
    queuePrefix: v.QUEUE_PREFIX as string,
    logLevel: v.LOG_LEVEL as string,
    publicUrl: (v.PUBLIC_URL as string).replace(/\/+$/, ''),
    orderExpiryMinutes: v.ORDER_EXPIRY_MINUTES as number,
    serviceEmail: v.SERVICE_EMAIL as string,
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS as number,
    appSecret: v.APP_SECRET as string,
    retryDelayScale: v.RETRY_DELAY_SCALE as number,
    paymentsConfigFile: v.PAYMENTS_CONFIG_FILE as string | undefined,
    metricsToken: v.METRICS_TOKEN as string | undefined,
  };
}

const devSecret = 'dev-only-secret-do-not-use-in-production';

function productionProblems(c: CommonConfig): string[] {
  if (c.env !== 'production') return [];
  if (c.appSecret === devSecret || c.appSecret.length < 32) return ['APP_SECRET must be set to a random value of at least 32 characters when NODE_ENV=production'];
  return [];
}

function normaliseBasePath(p: string): string {
  const trimmed = p.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

export function loadGatewayConfig(env: RawConfig = process.env): GatewayConfig {
  const v = loadSettings('gateway', env);
  const c = common(v);
  const problems = productionProblems(c);
  if (c.env === 'production' && v.ENABLE_TEST_HOOKS === true) {
    problems.push('ENABLE_TEST_HOOKS must not be true when NODE_ENV=production');
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    ...c,
    host: v.HOST as string,
    port: v.PORT as number,
    basePath: normaliseBasePath(v.BASE_PATH as string),
    webDistDir: v.WEB_DIST_DIR as string,
    trustProxy: String(v.TRUST_PROXY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    cookieSecure: (v.COOKIE_SECURE as boolean | undefined) ?? c.env === 'production',
    sessionTtlHours: v.SESSION_TTL_HOURS as number,
    contentDir: v.CONTENT_DIR as string,
    serviceEmail2: v.SERVICE_EMAIL_2 as string,
    serviceHotline: v.SERVICE_HOTLINE as string,
    homeUrl: { en: v.HOME_URL_EN as string, zh: v.HOME_URL_ZH as string },
    externalLoginUrl: (v.EXTERNAL_LOGIN_URL as string | undefined) || null,
    enableTestHooks: v.ENABLE_TEST_HOOKS as boolean,
    rateLimitScale: v.RATE_LIMIT_SCALE as number,
    payeeName: v.PAYEE_NAME as string,
    bankTransferExpiryDays: v.BANK_TRANSFER_EXPIRY_DAYS as number,
  };
}

export function loadWorkersConfig(env: RawConfig = process.env): WorkersConfig {
  const v = loadSettings('workers', env);
  const c = common(v);
  const problems = productionProblems(c);
  const smsKeys = ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_REGISTER', 'SMS_TEMPLATE_RESET'] as const;
  const smsGiven = smsKeys.filter((k) => v[k]);
  if (smsGiven.length && smsGiven.length < smsKeys.length) problems.push(`SMS needs all of ${smsKeys.join(', ')}; missing ${smsKeys.filter((k) => !v[k]).join(', ')}`);
  if (problems.length) throw new ConfigError(problems);
  return {
    ...c,
    sms: smsGiven.length
      ? {
          accessKeyId: v.SMS_ACCESS_KEY_ID as string,
          accessKeySecret: v.SMS_ACCESS_KEY_SECRET as string,
          signName: v.SMS_SIGN_NAME as string,
          endpoint: v.SMS_ENDPOINT as string,
          templates: { register: v.SMS_TEMPLATE_REGISTER as string, reset: v.SMS_TEMPLATE_RESET as string },
        }
      : null,
    smtpUrl: v.SMTP_URL as string,
    mailFrom: v.MAIL_FROM as string,
    registrationServiceUrl: v.REGISTRATION_SERVICE_URL as string,
    workerConcurrency: v.WORKER_CONCURRENCY as number,
    jobLockMs: v.JOB_LOCK_MS as number,
    reconcileIntervalMs: v.RECONCILE_INTERVAL_MS as number,
    abandonedAfterSeconds: v.ABANDONED_AFTER_SECONDS as number,
    metricsPort: v.WORKERS_METRICS_PORT as number,
    metricsHost: v.WORKERS_METRICS_HOST as string,
  };
}
