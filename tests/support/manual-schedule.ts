import type { Schedule } from '#server/calls/local-call-driver.ts';

/** A schedule whose tasks run only when the test says so, for the local call driver's timers. */
export function manualSchedule() {
  const tasks: { task: () => void; delayMs: number; cancelled: boolean }[] = [];
  const schedule: Schedule = (task, delayMs) => {
    const entry = { task, delayMs, cancelled: false };
    tasks.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  return {
    schedule,
    tasks,
    /** Runs every task scheduled so far (with `delayMs`, if given) that is not cancelled, once. */
    run(delayMs?: number) {
      const due = tasks.filter((entry) => !entry.cancelled && (delayMs === undefined || entry.delayMs === delayMs));
      for (const entry of due) tasks.splice(tasks.indexOf(entry), 1);
      for (const entry of due) entry.task();
    },
  };
}
