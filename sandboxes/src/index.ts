// Dev and test only: local stand-ins of the providers and of the registration service. Never
// loaded by a production process (test/ops/boundaries.test.ts fails the build if one is).
export {
  startSandboxes,
  setupsFromEnv,
  SANDBOX_BANK_ACCOUNT,
  SANDBOX_EUR_CNY,
  type RunningSandboxes,
  type SandboxAdapterConfigs,
  type SandboxSetups,
  type MerchantSetup,
} from './combined.js';
export { startRegistrationService, SANDBOX_VERIFY_CODE, type RegistrationServiceSandbox } from './registration/service.js';
export * as wechat from './wechat/index.js';
export * as alipay from './alipay/index.js';
export * as paypal from './paypal/index.js';
export * as alipayForex from './alipay-forex/index.js';
