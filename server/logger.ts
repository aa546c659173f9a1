import { type Logger, pino } from 'pino';

export type { Logger };

// One root logger; subsystems take children (STYLE §7). Credentials never reach the log.
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-signature"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  });
}
