import { useEffect, useState } from 'react';
import type { PresetCalendar } from '@caterway/contracts';
import { formatStoreTime, isCurrentlyOpen, messages } from '@caterway/domain';
import { Modal } from '@caterway/ui';
import type { PresetDetail, StoreHours } from '../api/types';

// Store-hours modal (browse-account-orders §2 'Modals and widgets'): Monday to Sunday with
// open and close times (each of the day's windows, decision 055) or Closed, and Currently Open / Currently Closed computed in the
// restaurant's time zone (preset_location.time_zone); no hours: 'Store hours not available'.
// Below the week, the closures and one-off hours of the coming 60 days and a pause on new
// orders (GET api/v2/presets/{id}/calendar, decision 068), read when the modal opens; today's
// closure also decides Currently Open. A failed read leaves the weekly hours alone.

// Monday first, as the spec lists them (not imported from contracts: that would bring zod into the chunk).
const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const dayLabel = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

/** 'yyyy-MM-dd' as 'Fri, Apr 3' (a calendar date: no time zone applies). */
const shortDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const spanOf = (w: { open: string; close: string }) => `${formatStoreTime(w.open)} - ${formatStoreTime(w.close)}`;

/** The restaurant's closures and pause, or null until read (and when the read failed). */
function useCalendar(presetId: number): PresetCalendar | null {
  const [calendar, setCalendar] = useState<PresetCalendar | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetch(`/api/v2/presets/${presetId}/calendar`, { signal: abort.signal })
      .then((r) => (r.ok ? (r.json() as Promise<PresetCalendar>) : null))
      .then(setCalendar, () => {});
    return () => abort.abort();
  }, [presetId]);
  return calendar;
}

function UpcomingChanges({ calendar, timeZone }: { calendar: PresetCalendar; timeZone: string }) {
  const until = calendar.paused_until
    ? new Date(calendar.paused_until).toLocaleString('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      })
    : null;
  if (!until && !calendar.closures.length) return null;
  return (
    <>
      {until ? (
        <p className="store-pause" role="status">
          Not taking new orders until {until}.
        </p>
      ) : null}
      {calendar.closures.length ? (
        <section className="store-changes" aria-labelledby="store-changes-heading">
          <h3 id="store-changes-heading">Holiday hours and closures</h3>
          <ul>
            {calendar.closures.map((c) => (
              <li key={c.starts_on}>
                <span className="store-changes-when">
                  {c.starts_on === c.ends_on
                    ? shortDate(c.starts_on)
                    : `${shortDate(c.starts_on)} – ${shortDate(c.ends_on)}`}
                  {c.holiday ? <span className="muted"> · {c.holiday}</span> : null}
                </span>
                <span className="store-changes-hours">
                  {c.windows?.length ? c.windows.map(spanOf).join(', ') : 'Closed'}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export function hasStoreHours(hours: StoreHours | null | undefined): hours is StoreHours {
  return Boolean(hours) && Object.keys(hours!).length > 0;
}

export function StoreHoursModal({
  preset,
  now = new Date(),
  onClose,
}: {
  /** the preset whose first restaurant's hours, closures and pause are shown */
  preset: Pick<PresetDetail, 'id' | 'storeHours' | 'presetLocation'>;
  now?: Date;
  onClose: () => void;
}) {
  const { storeHours } = preset;
  const { timeZone, cityTimeZoneName: timeZoneName } = preset.presetLocation;
  const calendar = useCalendar(preset.id);
  const available = hasStoreHours(storeHours);
  const open = available && isCurrentlyOpen(storeHours, now, timeZone, calendar?.closures);
  return (
    <Modal title="Store hours" onClose={onClose}>
      {available ? (
        <>
          <p className={open ? 'store-status store-status-open' : 'store-status store-status-closed'}>
            {open ? messages.currentlyOpen : messages.currentlyClosed}
          </p>
          <table className="store-hours">
            <caption className="visually-hidden">Opening hours{timeZoneName ? ` (${timeZoneName})` : ''}</caption>
            <tbody>
              {weekdays.map((day) => {
                const hours = storeHours[day];
                return (
                  <tr key={day}>
                    <th scope="row">{dayLabel(day)}</th>
                    <td>
                      {hours && hours.enabled
                        ? (hours.windows?.length ? hours.windows : [hours]).map(spanOf).join(', ')
                        : 'Closed'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {calendar ? <UpcomingChanges calendar={calendar} timeZone={timeZone} /> : null}
          {timeZoneName ? <p className="muted store-hours-zone">Times in {timeZoneName}.</p> : null}
        </>
      ) : (
        <p>{messages.storeHoursNotAvailable}</p>
      )}
    </Modal>
  );
}

/** For React.lazy: loaded when first shown. */
export default StoreHoursModal;
