import { localDateOf } from './availability.js';

// "Changes lock Thu 11:30 AM · cancelling is free until then" (issue 20 part 3): on every order
// the customer may still edit, when the upcoming-order rule closes (the order's processing
// instant, browse-account-orders §4), in the restaurant's time zone. Until then an edit or a
// cancellation releases the payment's hold; nothing is charged.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, withDate: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withDate}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      ...(withDate ? { month: 'short', day: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
    });
    formatters.set(key, f);
  }
  return f;
}

const DAY_MS = 86_400_000;

/**
 * When changes lock, as short as is clear: "today 11:30 AM", "Thu 11:30 AM" within the coming
 * six days, "Thu, Dec 10, 11:30 AM" beyond.
 */
export function lockTime(lockAt: Date, timeZone: string, now: Date): string {
  if (localDateOf(lockAt, timeZone) === localDateOf(now, timeZone)) {
    const time = formatter(timeZone, false)
      .format(lockAt)
      .replace(/^\w+,?\s+/, '');
    return `today ${time}`;
  }
  const near = lockAt.getTime() - now.getTime() < 6 * DAY_MS;
  return formatter(timeZone, !near)
    .format(lockAt)
    .replace(/^(\w+),? /, near ? '$1 ' : '$1, ');
}

/** The line every editable order shows; null once the changes have locked. */
export function changesLockText(lockAt: Date, timeZone: string, now: Date): string | null {
  if (lockAt.getTime() <= now.getTime()) return null;
  return `Changes lock ${lockTime(lockAt, timeZone, now)} · cancelling is free until then`;
}
