// Times of day travel as seconds since midnight (like the account's go_* defaults); the form's
// <input type="time"> speaks 'HH:MM'. Instants are shown in the chef's zone, where they happen.

const pad = (n: number) => String(n).padStart(2, '0');

export function secondsToTimeInput(seconds: number): string {
  const s = Math.max(0, Math.min(86_399, Math.floor(seconds)));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}`;
}

/** 'HH:MM' (or 'HH:MM:SS') to seconds of the day; null when it is not a time. */
export function timeInputToSeconds(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (h > 23 || m > 59 || s > 59) return null;
  return h * 3600 + m * 60 + s;
}

/** '11:30 AM' from seconds of the day. */
export function secondsToDisplayTime(seconds: number): string {
  const h = Math.floor(seconds / 3600) % 24;
  const m = Math.floor((seconds % 3600) / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'Thu, Nov 26, 5:00 PM EST' for an instant, in the given IANA zone. */
export function formatInstant(iso: string | null, timeZone: string): string {
  if (!iso) return 'Not set';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Not set';
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(date);
  } catch {
    return date.toISOString();
  }
}
