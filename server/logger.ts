import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

// One root logger; subsystems take children (STYLE §7). Credentials never reach the log.
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-porchlight-signature"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
