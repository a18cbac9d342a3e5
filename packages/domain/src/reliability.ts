// A restaurant's reliability on its page (issue 20 part 3, from the record issue 19 keeps):
// "usually confirms in 12 min · 98% on time, last 90 days". Shown only from enough orders that
// it means something: a median of two answers or an on-time share of three deliveries would
// be noise presented as a promise.

export interface ReliabilityRecord {
  days: number;
  /** accepted by a person (portal or email link) */
  acceptedByPeople: number;
  /** accepted by the auto-accept setting */
  autoAccepted: number;
  medianMinutesToAccept: number | null;
  delivered: number;
  onTimeRate: number | null;
}

/** Fewest answers and deliveries a figure is shown from. */
export const RELIABILITY_MIN_ORDERS = 5;

function confirms(r: ReliabilityRecord): string | null {
  if (r.acceptedByPeople >= RELIABILITY_MIN_ORDERS && r.medianMinutesToAccept !== null) {
    const m = r.medianMinutesToAccept;
    if (m < 1) return 'usually confirms within a minute';
    if (m < 90) return `usually confirms in ${Math.round(m)} min`;
    return `usually confirms in ${Math.round(m / 60)} h`;
  }
  if (r.autoAccepted >= RELIABILITY_MIN_ORDERS && r.autoAccepted > r.acceptedByPeople)
    return 'confirms orders instantly';
  return null;
}

/** The line, or null when the record is too thin to say anything. */
export function reliabilityText(r: ReliabilityRecord): string | null {
  const onTime =
    r.delivered >= RELIABILITY_MIN_ORDERS && r.onTimeRate !== null
      ? `${Math.floor(r.onTimeRate * 100)}% on time`
      : null;
  const parts = [confirms(r), onTime].filter((p): p is string => p !== null);
  if (!parts.length) return null;
  const text = `${parts.join(' · ')}, last ${r.days} days`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
