const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant in the operator's own time zone, e.g. 'Mar 2, 2026, 12:00 PM'. */
export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** How long ago, roughly: '45 s', '12 min', '3 h 20 min', '4 days'. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
