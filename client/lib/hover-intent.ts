// Navigation-menu hover timing (docs/product-rules.md#timings) as a pure scheduler: time and timers are injected so
// tests drive a fake clock. It follows the navigation-menu pattern these numbers come from (Radix NavigationMenu's
// defaults).

export interface HoverIntentClock<Timer> {
  now: () => number;
  setTimer: (run: () => void, ms: number) => Timer;
  clearTimer: (timer: Timer) => void;
}

export interface HoverIntentOptions<Key, Timer> {
  /** Resting on an item this long triggers it. */
  hoverDelayMs: number;
  /** Entering another item this soon after leaving a triggered one triggers it at once. */
  skipDelayMs: number;
  /** A triggered item stays open this long after the pointer leaves it (re-entering keeps it open). */
  closeDelayMs: number;
  onOpen: (key: Key) => void;
  onClose?: (key: Key) => void;
  clock: HoverIntentClock<Timer>;
}

export interface HoverIntent<Key> {
  enter(key: Key): void;
  leave(key: Key): void;
}

export function createHoverIntent<Key, Timer>(options: HoverIntentOptions<Key, Timer>): HoverIntent<Key> {
  const { clock } = options;
  let openKey: { key: Key } | undefined;
  let openTimer: Timer | undefined;
  let closeTimer: Timer | undefined;
  // When the pointer last left an item that had triggered; the skip window runs from there.
  let leftOpenAt = Number.NEGATIVE_INFINITY;

  const cancel = (timer: Timer | undefined) => {
    if (timer !== undefined) clock.clearTimer(timer);
    return undefined;
  };

  const close = () => {
    closeTimer = cancel(closeTimer);
    const closing = openKey;
    openKey = undefined;
    if (closing) options.onClose?.(closing.key);
  };

  const open = (key: Key) => {
    openTimer = undefined;
    close(); // whatever was open before: one item is open at a time
    openKey = { key };
    options.onOpen(key);
  };

  return {
    enter(key) {
      openTimer = cancel(openTimer);
      if (openKey && Object.is(openKey.key, key)) {
        closeTimer = cancel(closeTimer);
        return;
      }
      const skipping = openKey !== undefined || clock.now() - leftOpenAt < options.skipDelayMs;
      if (skipping) open(key);
      else openTimer = clock.setTimer(() => open(key), options.hoverDelayMs);
    },
    leave(key) {
      // Leaving before the hover delay cancels at once: a pointer passing through triggers nothing.
      openTimer = cancel(openTimer);
      if (!openKey || !Object.is(openKey.key, key)) return;
      leftOpenAt = clock.now();
      closeTimer = cancel(closeTimer);
      closeTimer = clock.setTimer(close, options.closeDelayMs);
    },
  };
}
