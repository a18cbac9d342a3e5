import { useQuery } from '@tanstack/react-query';
import './slot-notice.css';
import type { PresetAvailability } from '@caterway/contracts';

// The restaurant or preset page's answer for the chosen delivery (issue 19 part 2; decision 055):
// the server applies the calendar (windows, closures, the pause) and capacity, and when the
// restaurant cannot take the order then, says why and names its next available time. Loaded
// after the page (its own chunk: the key pages have no JavaScript room for it).

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
  const query = { delivery_date: delivery.deliveryDate, delivery_time: delivery.deliveryTime };
  const a = useQuery({
    queryKey: ['catalogue', 'availability', presetId, query],
    queryFn: ({ signal }) => availability(presetId, query, signal),
    enabled: Boolean(query.delivery_date && query.delivery_time),
    meta: { handlesErrors: true },
  }).data;
  if (!a || a.available) return null;
  const next = a.next_available;
  return (
    <div className="slot-notice" role="status" data-testid="slot-notice">
      <p>
        <strong>{a.reason === 'full' ? `Fully booked at ${delivery.deliveryTime}` : 'Unavailable at this time'}</strong>
        {next
          ? ` · next available ${next.delivery_date === delivery.deliveryDate ? next.delivery_time : next.text}`
          : ''}
      </p>
      <p className="slot-notice-more">{a.message}</p>
    </div>
  );
}
