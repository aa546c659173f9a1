// The ceiling a page or asset is measured against: a plain node:http server, in its own process, answering
// each path with bytes recorded from the real server (same headers, same coding) held in memory. It does
// nothing per request but look the path up and write.
import http from 'node:http';
import { type ChildServer, startChildServer } from './child-server.ts';

export interface RecordedResponse {
  path: string;
  status: number;
  headers: [string, string][];
  body: Buffer;
}

interface Message {
  routes: { path: string; status: number; headers: [string, string][]; body: string }[];
}

const CHILD_FLAG = 'PORCHLIGHT_REFERENCE_SERVER';

/** Starts this file as a child process serving `routes`; resolves once it listens on a loopback port. */
export function startReferenceServer(routes: RecordedResponse[]): Promise<ChildServer> {
  const message: Message = {
    routes: routes.map((route) => ({ ...route, body: route.body.toString('base64') })),
  };
  return startChildServer(import.meta.filename, CHILD_FLAG, message);
}

// Run as the child: wait for the routes, listen, report the port.
if (process.env[CHILD_FLAG] === '1' && process.send) {
  process.once('message', (message: Message) => {
    const routes = new Map(
      message.routes.map((route) => [route.path, { ...route, body: Buffer.from(route.body, 'base64') }]),
    );
    const server = http.createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (!route) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(route.status, route.headers.flat());
      res.end(route.body);
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
    });
    process.once('SIGTERM', () => process.exit(0));
  });
}
