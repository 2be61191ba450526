import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';
export { redactPath, REDACTED_SEGMENT } from './redact-path.js';

/** Paths never written to logs, wherever they appear in a logged object. */
export const REDACT_PATHS = [
  'authorization',
  'password',
  'secret',
  'token',
  'apiKey',
  'config',
  'body',
  '*.authorization',
  '*.password',
  '*.secret',
  '*.token',
  '*.apiKey',
  '*.config',
  '*.body',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-telegram-bot-api-secret-token"]',
  'databaseUrl',
  'redisUrl',
  'encryptionKey',
  'encryptionKeys',
  '*.encryptionKeys',
  'smtpUrl',
  'telegramBotToken',
  'twilioAuthToken',
];

export interface CreateLoggerOptions {
  service: string;
  level?: string;
  /** Where to write; defaults to stdout. Tests pass a stream to inspect output. */
  destination?: DestinationStream;
}

/** Structured JSON logs with secrets redacted. Bind job/check ids with `logger.child({...})`. */
export function createLogger({ service, level = 'info', destination }: CreateLoggerOptions): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}
