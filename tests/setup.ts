import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// An error logged to the console is a failure: the product logs errors only for bugs.
let spy: MockInstance<typeof console.error> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
