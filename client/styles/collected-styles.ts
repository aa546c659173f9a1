import { Writable } from 'node:stream';
import type { EmotionCache } from '@emotion/cache';
import { SERVER_STYLES_ATTRIBUTE } from './server-styles.ts';
import { createStyleCache } from './style-cache.ts';

// Emotion's default server render puts a <style> before every styled component, inside <body>: invalid HTML,
// and the browser recalculates styles for each while it parses. Here the render's cache keeps the CSS instead
// ("compat" mode, what @emotion/server reads), and the page stream writes it as one <style> per flush: in
// <head> for the shell (the whole page for crawlers and the page cache), before the content for a Suspense
// boundary streamed later. The browser's cache (client/entry-client.tsx) reads the names listed on the
// elements and inserts none of those again. See docs/decisions/0012-emotion-styles-in-head.md.

/** An Emotion cache that collects the CSS a render inserts, in insertion order, instead of rendering <style>s. */
export interface CollectingCache {
  cache: EmotionCache;
  /**
   * The CSS inserted since the last call, as one `<style>` element; '' when there is none. One for `<head>` stays
   * where it is in the browser (client/styles/server-styles.ts); Emotion moves one in `<body>` into `<head>`.
   */
  takeStyleElement(inHead: boolean): string;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

export function collectingCache(key: string, nonce: string): CollectingCache {
  const cache = createStyleCache(key, nonce);
  // Read by Emotion on the server: inserted CSS goes into `cache.inserted` rather than into a <style> element.
  cache.compat = true;
  const order: string[] = [];
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const known = serialized.name in cache.inserted;
    const rules = insert(selector, serialized, sheet, shouldCache);
    if (!known && typeof cache.inserted[serialized.name] === 'string') order.push(serialized.name);
    return rules;
  };
  let taken = 0;
  return {
    cache,
    takeStyleElement(inHead) {
      if (taken === order.length) return '';
      const names = order.slice(taken);
      taken = order.length;
      // Text inside <style> ends at `</style`; CSS reads `<\/style` the same, so nothing can close it early.
      const css = names
        .map((name) => String(cache.inserted[name]))
        .join('')
        .replace(/<\/(style)/gi, '<\\/$1');
      const nonceAttribute = nonce ? ` nonce="${escapeAttribute(nonce)}"` : '';
      // A name may hold several names (keyframes): the browser marks each as inserted.
      const list = inHead
        ? `${SERVER_STYLES_ATTRIBUTE}="${escapeAttribute(names.join(' '))}"`
        : `data-emotion="${escapeAttribute(`${key} ${names.join(' ')}`)}"`;
      return `<style ${list}${nonceAttribute}>${css}</style>`;
    },
  };
}

type Destination = NodeJS.WritableStream & { flush?(): void };

const HEAD_END = Buffer.from('</head>');

/**
 * A stream for React's `pipe` that holds what React writes until it flushes, then passes it on to
 * `destination` with the styles inserted meanwhile: in front of `</head>` the first time, in front of the
 * flushed content after that. React flushes only whole segments, so that is always a place an element may go.
 * Backpressure from `destination` reaches React, and its flushes reach `destination` (e.g. compression).
 */
export function withCollectedStyles(destination: Destination, styles: CollectingCache): Writable & { flush(): void } {
  let pending: Buffer[] = [];
  let headDone = false;
  // Set when `destination` asked to be written no more until it drains; the write that found it so waits.
  let congested = false;
  let waiting: (() => void) | undefined;
  const resume = () => {
    congested = false;
    const next = waiting;
    waiting = undefined;
    next?.();
  };

  function send(bytes: Buffer): void {
    if (!destination.write(bytes)) congested = true;
  }

  function release(): void {
    if (pending.length === 0) return;
    let out = Buffer.concat(pending);
    if (!headDone) {
      const at = out.indexOf(HEAD_END);
      // React writes the whole <head> in its first flush; until it has, there is nothing to place.
      if (at === -1) return;
      headDone = true;
      out = Buffer.concat([out.subarray(0, at), Buffer.from(styles.takeStyleElement(true)), out.subarray(at)]);
    } else {
      // In <body> a <style> must be the first child of its parent: it gets a parent of its own. The browser's
      // Emotion cache moves it into <head> before hydrating; the empty element is left behind, hidden.
      const style = styles.takeStyleElement(false);
      if (style) out = Buffer.concat([Buffer.from(`<div hidden>${style}</div>`), out]);
    }
    pending = [];
    send(out);
  }

  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      // Slow readers hold React back (this stream's buffer fills, and React waits for its 'drain') rather than
      // this stream's memory.
      if (congested) waiting = callback;
      else callback();
    },
    final(callback) {
      release();
      // Whatever is left (an aborted render) goes out as it is: a page without <head> has no place for styles.
      if (pending.length > 0) send(Buffer.concat(pending));
      pending = [];
      destination.end();
      callback();
    },
    destroy(error, callback) {
      if (error && 'destroy' in destination && typeof destination.destroy === 'function') destination.destroy(error);
      callback(error);
    },
  });
  // React listens to the stream it is given: an error or an early close of the real destination must stop it.
  destination.on('drain', resume);
  destination.on('error', (error: Error) => stream.destroy(error));
  destination.on('close', () => {
    // A closed one holds nothing back.
    resume();
    stream.destroy();
  });
  return Object.assign(stream, {
    flush() {
      release();
      destination.flush?.();
    },
  });
}
