import { useQuery } from '@tanstack/react-query';
import { createPortal } from 'react-dom';
import type { PresetReliabilityResponse } from '@caterway/contracts';

// The restaurant's reliability on its page (issue 20 part 3): "Usually confirms in 12 min · 98%
// on time, last 90 days", beside the rating. Rendered by the page's extras (loaded after the
// page: the key pages' JavaScript budget has no room) into the header's facts, so the line
// appears in place; a restaurant with too few orders, or a failed read, shows nothing.

/** GET api/v2/presets/{id}/reliability: public, read as the wire has it. */
async function reliability(presetId: number, signal: AbortSignal) {
  const response = await fetch(`/api/v2/presets/${presetId}/reliability`, { signal });
  return response.ok ? ((await response.json()) as PresetReliabilityResponse).reliability : null;
}

export default function ReliabilityLine({ presetId }: { presetId: number }) {
  const record = useQuery({
    queryKey: ['catalogue', 'reliability', presetId],
    queryFn: ({ signal }) => reliability(presetId, signal),
    staleTime: 10 * 60_000,
    meta: { handlesErrors: true },
  }).data;
  // the page's header is on screen by the time the answer arrives (the extras load after it)
  const host = record ? document.querySelector('.preset-header .preset-meta') : null;
  if (!record || !host) return null;
  return createPortal(
    <span className="preset-reliability" data-testid="reliability">
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
        <path d="M6.5 11.2 3.3 8l1.1-1.1 2.1 2.1 5-5 1.1 1.1z" fill="currentColor" />
      </svg>
      {record.text}
    </span>,
    host,
  );
}
