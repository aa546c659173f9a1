/** A fake clock whose timers run only when the test advances time, in order of their due time. */
export function fakeTimers(start: number) {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();

  async function settle() {
    // Lets promise chains started by a timer (or a resolved load) run to their next await.
    for (let i = 0; i < 10; i++) await Promise.resolve();
  }

  return {
    now: () => now,
    setTimer(run: () => void, ms: number) {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer(id: number) {
      timers.delete(id);
    },
    pending: () => timers.size,
    settle,
    /** Moves time forward by `ms`, running each timer that falls due on the way. */
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        await settle();
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
      await settle();
    },
  };
}
