import { dateTimeParts } from '../lib/date-time.ts';

/**
 * When something happened, for a table cell or a line of text: the date and the time each stay on
 * one line, so a narrow column shows them as two lines instead of widening the table.
 */
export function DateTime({ iso }: { iso: string }) {
  const parts = dateTimeParts(iso);
  if (!parts) return <>{iso}</>;
  return (
    <time dateTime={iso} className="date-time">
      <span>{parts.date}</span>, <span>{parts.time}</span>
    </time>
  );
}
