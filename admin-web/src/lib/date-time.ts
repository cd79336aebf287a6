// admin.md §2: dates use the en-US short month format with time ('Mar 5, 2025, 3:07 PM'), in the
// admin's own time zone; a day with no time of day (a planned check) shows the date alone.
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

const parse = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** When something happened, in two parts: 'Mar 5, 2025' and '3:07 PM'; null for an unreadable value. */
export function dateTimeParts(iso: string): { date: string; time: string } | null {
  const date = parse(iso);
  return date && { date: dateFormat.format(date), time: timeFormat.format(date) };
}

/** When something happened: 'Mar 5, 2025, 3:07 PM' (an unreadable value is shown as it is). */
export function formatDateTime(iso: string): string {
  const parts = dateTimeParts(iso);
  return parts ? `${parts.date}, ${parts.time}` : iso;
}

/** A day without its time: 'Mar 5, 2025'. */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : iso;
}
