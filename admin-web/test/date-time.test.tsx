import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTime } from '../src/components/date-time.tsx';
import { formatDate, formatDateTime } from '../src/lib/date-time.ts';

// the values carry no zone: they are read in the machine's time zone, as the console reads them in the admin's
describe('dates and times', () => {
  it('writes when something happened in en-US short month format with the time (admin.md §2)', () => {
    expect(formatDateTime('2025-03-05T15:07:00')).toBe('Mar 5, 2025, 3:07 PM');
    expect(formatDateTime('2026-11-27T09:05:00')).toBe('Nov 27, 2026, 9:05 AM');
    expect(formatDate('2025-03-05T15:07:00')).toBe('Mar 5, 2025');
  });

  it('shows a value it cannot read as it is', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDate('soon')).toBe('soon');
    const { container } = render(<DateTime iso="not a date" />);
    expect(container).toHaveTextContent(/^not a date$/);
    expect(container.querySelector('time')).toBeNull();
  });

  it('marks the moment up as a <time> whose date and time each stay on one line', () => {
    const { container } = render(<DateTime iso="2026-11-27T14:05:00" />);
    const time = container.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-11-27T14:05:00');
    expect(time).toHaveTextContent(/^Nov 27, 2026, 2:05 PM$/);
    expect([...time.querySelectorAll('span')].map((s) => s.textContent)).toEqual(['Nov 27, 2026', '2:05 PM']);
  });
});
