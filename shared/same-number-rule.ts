// The 6-hour rule (docs/product-rules.md#six-hour-rule): one demo call per number in this many hours. The
// server's claim on a number, the browser's memory of its own calls and the words that state the rule all
// derive from here.

export const SAME_NUMBER_EVERY_HOURS = 6;
export const SAME_NUMBER_EVERY_MS = SAME_NUMBER_EVERY_HOURS * 60 * 60 * 1000;
