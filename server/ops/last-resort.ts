import type { Logger } from '#server/logger.ts';

/** The part of `process` this uses; tests pass an EventEmitter. */
export interface ProcessEvents {
  on(event: 'uncaughtException', listener: (error: unknown, origin?: string) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/**
 * The last line of defence once the server is serving: an error that escaped every handler is logged, and the
 * process keeps serving.
 *
 * A rejection nobody handled is a promise nobody waits for: logging it is all there is to do.
 * An uncaught exception is also logged and survived, against Node's default of exiting: requests and sockets
 * each hold their own state, and the database only commits whole transactions, so a throw in one callback
 * rarely breaks anything the next visitor uses, while exiting would cut every page in flight and every
 * dialog's socket on one bad input, and hand whoever found the input a way to take the site down at will.
 * Each one is logged as fatal: it is a bug to fix, and /readyz still tells a supervisor if the process is
 * really unwell. Installed only once the server listens, so a failed start still exits.
 */
export function installLastResort(logger: Logger, target: ProcessEvents = process): void {
  const log = logger.child({ subsystem: 'process' });
  // A throw from in here would end the process after all (Node exits on an error in this handler).
  const quietly = (write: () => void) => {
    try {
      write();
    } catch {}
  };
  target.on('uncaughtException', (error, origin) => {
    quietly(() => log.fatal({ err: error, origin }, 'uncaught exception; still serving'));
  });
  target.on('unhandledRejection', (reason) => {
    quietly(() => log.error({ err: reason }, 'unhandled promise rejection'));
  });
}
