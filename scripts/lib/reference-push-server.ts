// The floor a call's live push is measured against: a plain node:http server with Socket.IO, in its own process,
// that puts each socket in the room it asks for and relays each posted transcript line to its call's room. It does
// nothing per message but parse and emit: no signature, no storage, no Express. What the product takes beyond it is
// what checking, storing and routing a provider's message costs.
import http from 'node:http';
import { Server } from 'socket.io';
import { CALL_JOIN_EVENT, CALL_TRANSCRIPT_EVENT } from '#shared/call-status-protocol.ts';
import { type ChildServer, startChildServer } from './child-server.ts';

const CHILD_FLAG = 'PORCHLIGHT_REFERENCE_PUSH_SERVER';

/** Starts this file as a child process; resolves once it listens on a loopback port. */
export function startReferencePushServer(): Promise<ChildServer> {
  return startChildServer(import.meta.filename, CHILD_FLAG);
}

interface TranscriptBody {
  message: { role: string; transcript: string; call: { metadata: { callId: string } } };
}

// Run as the child: relay Vapi-shaped transcript messages to their rooms.
if (process.env[CHILD_FLAG] === '1' && process.send) {
  let utterance = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { message } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TranscriptBody;
      const callId = message.call.metadata.callId;
      io.to(`call:${callId}`).emit(CALL_TRANSCRIPT_EVENT, {
        callId,
        utteranceId: `${message.role}-${++utterance}`,
        role: message.role,
        text: message.transcript,
        kind: 'final',
        at: new Date().toISOString(),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ callId, changed: true }));
    });
  });
  const io = new Server(server);
  io.on('connection', (socket) => {
    socket.on(CALL_JOIN_EVENT, async (callId: string, ack: (value: object) => void) => {
      await socket.join(`call:${callId}`);
      ack({});
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.once('SIGTERM', () => process.exit(0));
}
