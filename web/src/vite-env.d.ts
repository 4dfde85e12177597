declare const __BUILD_VERSION__: string;
