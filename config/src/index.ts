// One settings schema (settings.ts) and one loader per process, validated at start.
export { settings, settingSchemas, type Setting, type SettingName, type Process } from './settings.js';
export { ConfigError, loadSettings, type RawConfig, type ProcessSettings } from './load.js';
export {
  isTimeZone,
  loadGatewayConfig,
  loadWorkersConfig,
  type Brand,
  type CommonConfig,
  type GatewayConfig,
  type Seller,
  type SmsConfig,
  type WorkersConfig,
} from './processes.js';
export { metricsAccess, type MetricsAccess } from './metrics-access.js';
export { seal, unseal, keyedHash, sha256 } from './secrets.js';
export { createLogger, redactPaths } from './logger.js';
