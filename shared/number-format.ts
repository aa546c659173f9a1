// Amounts and counts written by hand rather than with `Intl.NumberFormat`: the first number format a page makes
// loads the locale's data, about 100 ms of main thread on a slow phone while the home page hydrates, for commas.

/** 1234567 → '1,234,567': a whole number in en-US digit groups. */
export function groupDigits(value: number): string {
  const whole = Math.trunc(value);
  const grouped = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}

/** '$1,234.56' from cents; whole dollars drop the cents when asked ('$495'). */
export function formatUsd(cents: number, { wholeDollars = false } = {}): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const sign = rounded < 0 ? '-' : '';
  const change = abs % 100;
  const fraction = wholeDollars && change === 0 ? '' : `.${String(change).padStart(2, '0')}`;
  return `${sign}$${groupDigits(Math.floor(abs / 100))}${fraction}`;
}
