import { describe, expect, it } from 'vitest';
import { calendarFile, confirmationWindow, escapeCalendarText } from './calendar-file.js';

const event = {
  uid: 'order-41@caterway.ca',
  start: new Date('2026-12-01T16:30:00Z'),
  durationMinutes: 30,
  summary: 'Catering delivery: Masala House (CW-2026-000041)',
  location: '100 King St W, Suite 5, Toronto, ON',
  description: 'Butter Chicken × 4\nTotal $144.44',
  stamp: new Date('2026-11-28T09:00:00.123Z'),
  url: 'https://caterway.ca/my-orders',
};

describe('an order as an iCalendar file', () => {
  it('is one event in UTC with CRLF line ends and its text escaped', () => {
    const text = calendarFile(event);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Caterway//Orders//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toContain('UID:order-41@caterway.ca');
    expect(lines).toContain('DTSTAMP:20261128T090000Z');
    expect(lines).toContain('DTSTART:20261201T163000Z');
    expect(lines).toContain('DTEND:20261201T170000Z');
    expect(lines).toContain('LOCATION:100 King St W\\, Suite 5\\, Toronto\\, ON');
    expect(lines).toContain('DESCRIPTION:Butter Chicken × 4\\nTotal $144.44');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = 'Crème brûlée; '.repeat(20);
    const text = calendarFile({ ...event, description: long });
    const encoder = new TextEncoder();
    for (const line of text.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    // unfolding (a CRLF followed by a space) gives the escaped value back
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:${escapeCalendarText(long)}`);
  });

  it('escapes backslashes, semicolons, commas and every kind of line break', () => {
    expect(escapeCalendarText('a\\b;c,d\r\ne\rf\ng')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
});

describe('how long the restaurant has to confirm', () => {
  const placed = new Date('2026-12-01T10:00:00Z');
  it('is two hours with a day or more before delivery, less when delivery is close', () => {
    expect(confirmationWindow(placed, new Date('2026-12-03T10:00:00Z'))).toBe('2 hours');
    expect(confirmationWindow(placed, new Date('2026-12-01T22:00:00Z'))).toBe('1 hour');
    expect(confirmationWindow(placed, new Date('2026-12-01T11:00:00Z'))).toBe('10 minutes');
  });
});
