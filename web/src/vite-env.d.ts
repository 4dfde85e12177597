/// <reference types="vite/client" />
declare const __BUILD_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_SERVICE_EMAIL?: string;
  readonly VITE_SERVICE_EMAIL_2?: string;
  readonly VITE_SERVICE_HOTLINE?: string;
  readonly VITE_HOME_URL_EN?: string;
  readonly VITE_HOME_URL_ZH?: string;
  readonly VITE_EXTERNAL_LOGIN_URL?: string;
}

/** The shop's Chakra tokens, computed by the build from lib/theme-tokens.ts (vite.config.ts). */
declare module 'virtual:shop-theme-tokens' {
  export const tokens: typeof import('@chakra-ui/react/theme').tokens;
  export const semanticTokens: typeof import('@chakra-ui/react/theme').semanticTokens;
}

/** Chakra's createSystem in two steps (vite.config.ts, shop-chakra-system-in-steps). */
declare module 'virtual:chakra-system-steps' {
  type Config = import('@chakra-ui/react').SystemConfig;
  type System = import('@chakra-ui/react').SystemContext;
  /** The merged config and its token dictionary: the first half of createSystem's work. */
  export interface PreparedSystem {
    config: Config;
    tokens: System['tokens'];
  }
  export function prepareSystem(...configs: Config[]): PreparedSystem;
  export function createSystemFrom(config: Config, prepared?: PreparedSystem): System;
}
