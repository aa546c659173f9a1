import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Logger } from './logger.ts';

/** Socket.IO on the same HTTP server; only pages of this site may connect. */
export function attachSocket(server: HttpServer, { siteUrl, logger }: { siteUrl: string; logger: Logger }): Server {
  const allowed = new URL(siteUrl).origin;
  const io = new Server(server, {
    serveClient: false,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const host = req.headers.host;
      // Origin is client data: one that is no URL is refused here, never thrown (that would end the process).
      callback(null, !origin || origin === allowed || (host !== undefined && URL.parse(origin)?.host === host));
    },
  });
  const log = logger.child({ subsystem: 'socket' });
  io.on('connection', (socket) => log.debug({ id: socket.id }, 'socket connected'));
  return io;
}
