/** `durationMinutes` as days, hours and minutes in the locale's words (`2 hr, 30 min`; `3 days`). */
export function formatDuration(minutes: number, locale: string): string {
  const unit = (u: 'day' | 'hour' | 'minute', n: number) => new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [days && unit('day', days), hours && unit('hour', hours), rest && unit('minute', rest)].filter(Boolean) as string[];
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts.length ? parts : [unit('minute', 0)]);
}
