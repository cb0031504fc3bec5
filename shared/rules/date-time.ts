/**
 * An instant as the product shows it, YYYY/MM/DD HH:mm, in a time zone: the reader's own (the
 * browser's) unless one is given. The zone's name comes along, so "2026/11/30 17:00" is never
 * ambiguous for someone in another zone.
 */
export function formatDateTime(value: string | Date, timeZone?: string): { text: string; timeZone: string } {
  const date = typeof value === 'string' ? new Date(value) : value;
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return { text: `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`, timeZone: zone };
}
