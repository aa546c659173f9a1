import net from 'node:net';

export interface RawRequest {
  method?: string;
  path: string;
  /** Sent as written, including a malformed or missing Host; `null` leaves a header out. */
  headers?: Record<string, string | null>;
  body?: string | Buffer;
}

/**
 * Sends one HTTP/1.1 request byte for byte (no client library normalises the method, path or Host) and
 * resolves with the response's status code, or 0 when the server closed the connection without answering.
 */
export function rawRequest(port: number, { method = 'GET', path, headers = {}, body }: RawRequest): Promise<number> {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const lines = [`${method} ${path} HTTP/1.1`];
  const all: Record<string, string | null> = {
    Host: `127.0.0.1:${port}`,
    Connection: 'close',
    ...(payload ? { 'Content-Length': String(payload.length) } : {}),
    ...headers,
  };
  for (const [name, value] of Object.entries(all)) if (value !== null) lines.push(`${name}: ${value}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let settled = false;
    const done = (status: number) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(status);
    };
    socket.setTimeout(15_000, () => {
      settled = true;
      socket.destroy();
      reject(new Error(`no answer to ${method} ${path} within 15 s`));
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (match) done(Number(match[1]));
    });
    socket.on('error', () => done(0));
    socket.on('close', () => done(0));
    socket.write(payload ? Buffer.concat([head, payload]) : head);
  });
}
