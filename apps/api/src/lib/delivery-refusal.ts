import type { DeliveryRefusal, EarliestAvailable } from '@caterway/contracts';
import {
  earliestDeliveryTime,
  earliestTimeLabel,
  formatStoreTime,
  localDateOf,
  refusalWhy,
  shortDeliveryText,
  zonedParts,
  type RefusalInput,
} from '@caterway/domain';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A delivery instant as every client spells it (decision 072): date, 'hh:mm AM', seconds, words, button. */
export function earliestAvailableOf(at: Date, timeZone: string): EarliestAvailable {
  const p = zonedParts(at, timeZone);
  const text = shortDeliveryText(at, timeZone);
  return {
    delivery_date: localDateOf(at, timeZone),
    delivery_time: formatStoreTime(`${pad2(p.hour)}:${pad2(p.minute)}`),
    delivery_seconds: p.hour * 3600 + p.minute * 60,
    text,
    label: earliestTimeLabel(text),
  };
}

/**
 * What a 422 refusing a delivery time adds (issue 20 §1 'too soon is never a dead end'): why in
 * plain words and the earliest time the same rules take, or null when the calendar and notice
 * are not what refused it. `accept` adds a rule of the caller's (a group order's cut-off).
 */
export function deliveryRefusal(input: RefusalInput, accept?: (at: Date) => boolean): DeliveryRefusal | null {
  const why = refusalWhy(input);
  if (!why) return null;
  const lead = input.stores[0]!;
  const earliest = earliestDeliveryTime(input, accept);
  return { why, earliest_available: earliest ? earliestAvailableOf(earliest, lead.timeZone) : null };
}
