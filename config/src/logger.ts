import { pino, type Logger } from 'pino';

export const redactPaths = [
  'password',
  '*.password',
  'token',
  '*.token',
  'access_token',
  '*.access_token',
  'email',
  '*.email',
  '*.*.email',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'code',
  '*.code',
  'sealedCode',
  '*.sealedCode',
];

export function createLogger(name: string, level: string): Logger {
  return pino({ name, level, redact: { paths: redactPaths, censor: '[redacted]' } });
}
