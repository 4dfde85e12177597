// Public surface of the WeChat Pay sandbox.
export { wechatSandbox, type WechatSandboxPlugin } from './plugin.js';
export { WechatSandbox, cashierUrl, type OrderView } from './sandbox.js';
export { parseFaults, RETRY_SCHEDULE_SECONDS, type NotificationFaults, type SigningKeyMode, type WechatSandboxOptions } from './options.js';
export type { DeliveryRecord } from './notifier.js';
export { startWechatSandbox, type StandaloneWechatSandbox } from './standalone.js';
export type { SandboxOrder, SandboxTradeState, SandboxTradeType } from './orders.js';
export { SANDBOX_WECHAT_USER_COOKIE } from './oauth-routes.js';
export { OAUTH_CODE_LIFETIME_MS } from './oauth-codes.js';
