// The dashboard's live countdown to a group order's cut-off. Time comes from the server: the
// page keeps the offset between the server's clock (server_now of the last answer) and the
// browser's, so a wrong device clock (or the test clock) does not move the cut-off.

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days/hours/minutes/seconds in a span (negative spans count as zero). */
export function countdownParts(msLeft: number): CountdownParts {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Compact clock text: '2d 04:05:09', '04:05:09' under a day, 'Closed' once it has passed. */
export function formatCountdown(msLeft: number): string {
  if (msLeft <= 0) return 'Closed';
  const { days, hours, minutes, seconds } = countdownParts(msLeft);
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The same span in words for screen readers (no seconds: they would be read out every tick). */
export function describeCountdown(msLeft: number): string {
  if (msLeft <= 0) return 'Ordering has closed';
  const { days, hours, minutes } = countdownParts(msLeft);
  const parts = [days ? unit(days, 'day') : '', hours ? unit(hours, 'hour') : '', unit(minutes, 'minute')].filter(
    Boolean,
  );
  return `${parts.join(', ')} left to order`;
}

/** Server time minus browser time, from an answer's server_now taken at browser time `receivedAt`. */
export function clockOffset(serverNowIso: string, receivedAt: number): number {
  const server = Date.parse(serverNowIso);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** Milliseconds left until `cutoffIso` by the server's clock; null when there is no cut-off yet. */
export function msUntil(cutoffIso: string | null, browserNow: number, offset: number): number | null {
  if (!cutoffIso) return null;
  const cutoff = Date.parse(cutoffIso);
  return Number.isFinite(cutoff) ? cutoff - (browserNow + offset) : null;
}
