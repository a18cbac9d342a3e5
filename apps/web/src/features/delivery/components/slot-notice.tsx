import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import './slot-notice.css';
import type { PresetAvailability } from '@caterway/contracts';
import { deliveryStore, saveDelivery } from '../delivery-store';

// The restaurant or preset page's answer for the chosen delivery (issue 19 part 2; decision 055):
// the server applies the calendar (windows, closures, the pause) and capacity, and when the
// restaurant cannot take the order then, says why in plain words and offers the earliest time it
// takes as one click (issue 20 §1; decision 072): the button sets the delivery details, as Save
// in the delivery bar does. Loaded after the page (its own chunk: the key pages have no
// JavaScript room for it).

/** GET api/v2/presets/{id}/availability: public, read as the wire has it; a failure shows nothing. */
async function availability(presetId: number, query: Record<string, string>, signal: AbortSignal) {
  const response = await fetch(`/api/v2/presets/${presetId}/availability?${new URLSearchParams(query)}`, { signal });
  return response.ok ? ((await response.json()) as PresetAvailability) : null;
}

export default function SlotNotice({
  presetId,
  delivery,
}: {
  presetId: number;
  delivery: { deliveryDate: string; deliveryTime: string };
}) {
  const [moved, setMoved] = useState<string | null>(null);
  const query = { delivery_date: delivery.deliveryDate, delivery_time: delivery.deliveryTime };
  const a = useQuery({
    queryKey: ['catalogue', 'availability', presetId, query],
    queryFn: ({ signal }) => availability(presetId, query, signal),
    enabled: Boolean(query.delivery_date && query.delivery_time),
    meta: { handlesErrors: true },
  }).data;
  if (!a || a.available) {
    // after the one click, say where the delivery went (the notice itself is gone: the time works)
    return moved ? (
      <p className="visually-hidden" role="status">
        Delivery set to {moved}.
      </p>
    ) : null;
  }
  const next = a.next_available;
  const earliest = a.earliest_available;
  const chooseEarliest = () => {
    if (!earliest) return;
    const { info, receivingMethod } = deliveryStore.get();
    saveDelivery(
      { ...info, deliveryDate: earliest.delivery_date, deliveryTime: earliest.delivery_time },
      receivingMethod,
    );
    setMoved(earliest.text);
  };
  return (
    <div className="slot-notice" role="status" data-testid="slot-notice">
      <p>
        <strong>
          {a.why ?? (a.reason === 'full' ? `Fully booked at ${delivery.deliveryTime}` : 'Unavailable at this time')}
        </strong>
        {next && !earliest
          ? ` · next available ${next.delivery_date === delivery.deliveryDate ? next.delivery_time : next.text}`
          : ''}
      </p>
      <p className="slot-notice-more">{a.message}</p>
      {earliest ? (
        <button type="button" className="btn btn-primary btn-sm" onClick={chooseEarliest}>
          {earliest.label}
        </button>
      ) : null}
    </div>
  );
}
