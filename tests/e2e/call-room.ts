import { readFileSync } from 'node:fs';
import type { Page, WebSocketRoute } from '@playwright/test';
import { expect } from './fixtures.ts';
import { cuttableSockets } from './socket-cut.ts';

// The call's room as a browser test sees it: the local call driver plays content/demo-call-script.json, and the
// test stands on the page's Socket.IO WebSocket, holding the room's pushes until it delivers them, so that each
// step of the call is seen however fast or slow the driver and the machine are.

/** One pushed event of the room: its name and what it carries. */
export interface Push {
  name: string;
  payload: Record<string, unknown>;
}

interface Held extends Push {
  frame: string;
  to: WebSocketRoute;
}

/** A Socket.IO event frame on the default namespace (`42["name",{...}]`); anything else is not a push. */
function pushOf(frame: string | Buffer): Push | undefined {
  if (typeof frame !== 'string' || !frame.startsWith('42[')) return undefined;
  const [name, payload] = JSON.parse(frame.slice(2));
  return typeof name === 'string' && typeof payload === 'object' ? { name, payload } : undefined;
}

export const isState = (state: string) => (push: Push) => push.name === 'call:status' && push.payload.state === state;
export const isLine = (push: Push) => push.name === 'call:transcript';
export const isFinalLine = (push: Push) => isLine(push) && push.payload.kind === 'final';
export const isFields = (push: Push) => push.name === 'call:fields';

/**
 * Holds every push of the call's room on its way to the page until the test delivers it. The handshake, the
 * pings and the join's answer pass at once: a page that connects (or reloads) learns the call so far from the
 * answer alone. Pushes held for a connection that closes go with it.
 */
export async function holdCallPushes(page: Page) {
  let held: Held[] = [];
  let passing = false;
  const sockets = await cuttableSockets(page, {
    holdFrame(ws, frame) {
      const push = pushOf(frame);
      if (!push || passing) return false;
      held.push({ ...push, frame: String(frame), to: ws });
      return true;
    },
    onClosed(ws) {
      held = held.filter((push) => push.to !== ws);
    },
  });
  return {
    /** Delivers the held pushes up to the first that `matches`, that one included, waiting for it; returns it. */
    async deliverThrough(matches: (push: Push) => boolean): Promise<Record<string, unknown>> {
      await expect.poll(() => held.some(matches), { timeout: 30_000 }).toBe(true);
      const at = held.findIndex(matches);
      const delivered = held.splice(0, at + 1);
      for (const push of delivered) push.to.send(push.frame);
      return delivered[at]?.payload ?? {};
    },
    /** Cuts the page off the room, as a lost network would, until `restore`: what is held goes with it. */
    cut: sockets.cut,
    restore: sockets.restore,
    /** Delivers what is held, and every push from now on as it comes. */
    deliverAll() {
      passing = true;
      for (const push of held.splice(0)) push.to.send(push.frame);
    },
  };
}

interface ScriptStep {
  say?: 'assistant' | 'caller';
  text?: string;
  fields?: Record<string, string | boolean>;
  summary?: { learned: string; nextStep: string };
}

const script: { steps: ScriptStep[] } = JSON.parse(readFileSync('content/demo-call-script.json', 'utf8'));
const SPEAKERS = { assistant: 'Assistant', caller: 'You' } as const;

/**
 * The final lines of the scripted call as a transcript shows them, for a caller of this first name: to the caller
 * (who is 'You'), or to an operator (`{ caller: 'Caller' }`).
 */
export function scriptedLines(firstName: string, { caller = SPEAKERS.caller }: { caller?: string } = {}): string[] {
  const speakers = { ...SPEAKERS, caller };
  return script.steps.flatMap(({ say, text }) =>
    say && text ? [`${speakers[say]}: ${text.replaceAll('{firstName}', firstName)}`] : [],
  );
}

/** The scripted call's summary. */
export function scriptedSummary(): { learned: string; nextStep: string } {
  const summary = script.steps.find((step) => step.summary)?.summary;
  if (!summary) throw new Error('content/demo-call-script.json has no summary');
  return summary;
}
