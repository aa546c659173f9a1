import type { Page, WebSocketRoute } from '@playwright/test';
import { expect } from './fixtures.ts';

interface Options {
  /** Sees each frame the server sends a WebSocket first; true keeps it from the page (the test sends it later). */
  holdFrame?: (ws: WebSocketRoute, frame: string | Buffer) => boolean;
  /** Each WebSocket closed, from either side. */
  onClosed?: (ws: WebSocketRoute) => void;
}

/** A Socket.IO answer to a page's emit (`43<id>[...]`): the room has been joined. */
const isAnswer = (frame: string | Buffer) => typeof frame === 'string' && /^43\d/.test(frame);

/**
 * Routes the page's Socket.IO connections so that a test can cut them as a lost network would and restore them:
 * `cut` closes every open connection and refuses long polling; a WebSocket asked for meanwhile waits, and reaches
 * the server once `restore` is called. Without a cut, everything passes.
 */
export async function cuttableSockets(page: Page, { holdFrame, onClosed }: Options = {}) {
  let cut = false;
  const open = new Set<WebSocketRoute>();
  const answered = new Set<WebSocketRoute>();
  const waiting: WebSocketRoute[] = [];
  const join = (ws: WebSocketRoute) => {
    open.add(ws);
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      if (isAnswer(frame)) answered.add(ws);
      if (!holdFrame?.(ws, frame)) ws.send(frame);
    });
    ws.onClose((code, reason) => {
      open.delete(ws);
      answered.delete(ws);
      onClosed?.(ws);
      void server.close({ code, reason });
    });
  };
  await page.route(/\/socket\.io\//, (route) => (cut ? route.abort('connectionrefused') : route.fallback()));
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (cut) waiting.push(ws);
    else join(ws);
  });
  return {
    /** Waits until the page has joined its room: a cut before would only stall the connection being made. */
    async untilJoined() {
      await expect.poll(() => answered.size, { timeout: 30_000 }).toBeGreaterThan(0);
    },
    async cut() {
      cut = true;
      for (const ws of open) await ws.close({ code: 1011, reason: 'cut' });
    },
    restore() {
      cut = false;
      for (const ws of waiting.splice(0)) join(ws);
    },
  };
}
