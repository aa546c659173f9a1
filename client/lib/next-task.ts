/**
 * Resolves in a later task, so that the work after it is a task of its own rather than part of a long one that
 * would hold a phone's first input (docs/decisions/0013-scripts-after-first-paint.md). A message, not a timer: a
 * test's fake clock holds timers.
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
