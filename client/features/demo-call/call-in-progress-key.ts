/**
 * Where this tab keeps the demo call it follows (call-in-progress.ts). On its own so that every page can look for
 * it at load without carrying the code that reads it: that comes only when a call is there.
 */
export const CALL_IN_PROGRESS_KEY = 'demo_call_in_progress';
