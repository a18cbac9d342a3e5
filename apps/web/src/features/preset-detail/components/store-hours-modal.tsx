import { formatStoreTime, isCurrentlyOpen, messages } from '@caterway/domain';
import { Modal } from '@caterway/ui';
import type { StoreHours } from '../api/types';

// Store-hours modal (browse-account-orders §2 'Modals and widgets'): Monday to Sunday with
// open and close times (each of the day's windows, decision 055) or Closed, and Currently Open / Currently Closed computed in the
// restaurant's time zone (preset_location.time_zone); no hours: 'Store hours not available'.

// Monday first, as the spec lists them (not imported from contracts: that would bring zod into the chunk).
const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const dayLabel = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

export function hasStoreHours(hours: StoreHours | null | undefined): hours is StoreHours {
  return Boolean(hours) && Object.keys(hours!).length > 0;
}

export function StoreHoursModal({
  storeHours,
  timeZone,
  timeZoneName,
  now = new Date(),
  onClose,
}: {
  storeHours: StoreHours | null | undefined;
  timeZone: string;
  timeZoneName?: string;
  now?: Date;
  onClose: () => void;
}) {
  const available = hasStoreHours(storeHours);
  const open = available && isCurrentlyOpen(storeHours, now, timeZone);
  return (
    <Modal title="Store Hours" onClose={onClose}>
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
                        ? (hours.windows?.length ? hours.windows : [hours])
                            .map((w) => `${formatStoreTime(w.open)} - ${formatStoreTime(w.close)}`)
                            .join(', ')
                        : 'Closed'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
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
