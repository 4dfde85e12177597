/** A verification-code template as registered with the provider: its text and variables. */
export interface SmsTemplate {
  content: string;
  /** Verification-code templates hold one short alphanumeric variable (the provider's rule). */
  kind: 'verification' | 'notification';
}

export interface SmsSandboxOptions {
  /** AccessKey id → secret pairs the sandbox accepts. */
  accessKeys: Record<string, string>;
  /** Approved signatures (SignName). */
  signNames: string[];
  /** Approved templates by TemplateCode. */
  templates: Record<string, SmsTemplate>;
  port?: number;
  host?: string;
}

// The account `npm start` and the test stack configure both the sandbox and the workers with.
export const SANDBOX_SMS_ACCOUNT = {
  accessKeyId: 'LTAI5tSandboxShopSms01',
  accessKeySecret: 'sandbox-sms-secret-0123456789abcdef',
  signName: '汽车软件质量标准',
  templates: {
    register: 'SMS_900000001',
    reset: 'SMS_900000002',
  },
} as const;

export function defaultSandboxOptions(): SmsSandboxOptions {
  const a = SANDBOX_SMS_ACCOUNT;
  return {
    accessKeys: { [a.accessKeyId]: a.accessKeySecret },
    signNames: [a.signName],
    templates: {
      [a.templates.register]: {
        kind: 'verification',
        content: '您的注册验证码为：${code}，10分钟内有效。Your registration code is ${code}, valid for 10 minutes.',
      },
      [a.templates.reset]: {
        kind: 'verification',
        content: '您的密码重置验证码为：${code}，10分钟内有效。Your password reset code is ${code}, valid for 10 minutes.',
      },
    },
  };
}

/** The workers' SMS_* settings that point the adapter at a running sandbox. */
export function sandboxSmsEnv(endpoint: string): Record<string, string> {
  const a = SANDBOX_SMS_ACCOUNT;
  return {
    SMS_ACCESS_KEY_ID: a.accessKeyId,
    SMS_ACCESS_KEY_SECRET: a.accessKeySecret,
    SMS_SIGN_NAME: a.signName,
    SMS_TEMPLATE_REGISTER: a.templates.register,
    SMS_TEMPLATE_RESET: a.templates.reset,
    SMS_ENDPOINT: endpoint,
  };
}
