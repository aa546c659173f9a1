import http from 'node:http';
import { MockAgent } from 'undici';
import { signBody, VAPI_SIGNATURE_HEADER } from '#server/hooks/signing.ts';

// Vapi on loopback, speaking the shapes its API documents: `POST /call` answers 201 with the new call's id, or
// what the test programs (a 5xx, a 4xx, no answer at all: the call is then created all the same); `GET /call`
// lists the calls created, by assistant, number and creation time. Every request is kept for the test to read.

export interface ReceivedCall {
  authorization: string | undefined;
  body: {
    assistantId: string;
    phoneNumberId: string;
    customer: { number: string; name: string };
    metadata: { callId: string; leadId: string };
  };
}

type Answer = { status: number; body: unknown } | 'hang';

export interface FakeVapi {
  url: string;
  /** Every `POST /call` received, in order. */
  calls: ReceivedCall[];
  /** The query of every `GET /call` received, in order. */
  lists: URLSearchParams[];
  /** Every live call control received (`POST` to a call's `monitor.controlUrl`), in order. */
  controls: { callId: string; body: { type: string } }[];
  /** The answers to the next calls, in order; once used up, each call is created (201). */
  answerNext(...answers: Answer[]): void;
  /** The answers to the next lists of calls, in order; once used up, each lists the calls created. */
  answerNextList(...answers: { status: number; body: unknown }[]): void;
  /** A dispatcher that reaches this fake and refuses everything else, so no test reaches the network. */
  dispatcher: MockAgent;
  close(): Promise<void>;
}

export async function fakeVapi(): Promise<FakeVapi> {
  const calls: ReceivedCall[] = [];
  const lists: URLSearchParams[] = [];
  const controls: { callId: string; body: { type: string } }[] = [];
  const listAnswers: { status: number; body: unknown }[] = [];
  const created: (ReceivedCall['body'] & { id: string; createdAt: string; status: string })[] = [];
  const answers: Answer[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://vapi');
      if (req.method === 'GET' && url.pathname === '/call') {
        lists.push(url.searchParams);
        const programmed = listAnswers.shift();
        if (programmed) {
          res.writeHead(programmed.status, { 'content-type': 'application/json' }).end(JSON.stringify(programmed.body));
          return;
        }
        const since = url.searchParams.get('createdAtGe') ?? '';
        const listed = created.filter(
          (call) =>
            call.assistantId === url.searchParams.get('assistantId') &&
            call.phoneNumberId === url.searchParams.get('phoneNumberId') &&
            call.createdAt >= since,
        );
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(listed));
        return;
      }
      const one = /^\/call\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        const call = created.find((known) => known.id === one[1]);
        if (!call) {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
          return;
        }
        const monitor = {
          listenUrl: `ws://${host}/listen/${call.id}`,
          controlUrl: `http://${host}/control/${call.id}`,
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...call, monitor }));
        return;
      }
      const control = /^\/control\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'POST' && control?.[1]) {
        controls.push({ callId: control[1], body: JSON.parse(raw) });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return;
      }
      if (req.method !== 'POST' || req.url !== '/call') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
        return;
      }
      const body = JSON.parse(raw);
      calls.push({ authorization: req.headers.authorization, body });
      const id = `vapi-call-${calls.length}`;
      const answer = answers.shift() ?? { status: 201, body: { id, status: 'queued' } };
      if (answer === 'hang' || answer.status === 201) {
        // Created, whether or not its answer gets back.
        created.push({ ...body, id, createdAt: new Date().toISOString(), status: 'queued' });
      }
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fake Vapi has no port');
  const host = `127.0.0.1:${address.port}`;
  const dispatcher = new MockAgent();
  dispatcher.disableNetConnect();
  dispatcher.enableNetConnect(host);
  return {
    url: `http://${host}`,
    calls,
    lists,
    controls,
    answerNext: (...next) => answers.push(...next),
    answerNextList: (...next) => listAnswers.push(...next),
    dispatcher,
    async close() {
      for (const res of hanging) res.destroy();
      await dispatcher.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The environment that makes a test server place its calls with `vapi`. */
export function vapiEnv(vapi: FakeVapi, secret: string): Record<string, string> {
  return {
    VAPI_API_URL: vapi.url,
    VAPI_API_KEY: 'vapi-private-key',
    VAPI_ASSISTANT_ID: 'assistant-1',
    VAPI_PHONE_NUMBER_ID: 'phone-number-1',
    VAPI_SERVER_SECRET: secret,
  };
}

/** A Vapi server message about `call`, with the headers Vapi's HMAC credential sends. */
export function vapiMessage(
  secret: string,
  call: { id: string; callId?: string },
  message: Record<string, unknown>,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    message: {
      timestamp: 1_772_474_400_000,
      ...message,
      call: { id: call.id, type: 'outboundPhoneCall', metadata: call.callId ? { callId: call.callId } : {} },
    },
  });
  return { body, headers: { 'content-type': 'application/json', [VAPI_SIGNATURE_HEADER]: signBody(secret, body) } };
}
