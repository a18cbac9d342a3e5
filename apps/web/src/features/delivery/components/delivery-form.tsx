import { useId, useState, type FormEvent } from 'react';
import {
  availableTimeSlots,
  displayTime,
  formatIsoDate,
  lastPickableDate,
  messages,
  parseIsoDate,
  pickedDateTooFar,
  type DeliveryInfo,
} from '@caterway/domain';
import { Button } from '@caterway/ui';
import { AddressAutocomplete } from '../../../components/address-autocomplete';
import { useAddressField } from '../../../components/use-address-field';
import type { ReceivingMethod } from '../../../lib/storage';
import { headcountInput, headcountStore, parseHeadcount, setHeadcount } from '../../../stores/headcount';
import { saveDelivery } from '../delivery-store';

/** The delivery bar's edit form: its own chunk, loaded when Update Details is pressed. */
export interface DeliveryFormProps {
  formId: string;
  initial: DeliveryInfo;
  initialMethod: ReceivingMethod;
  allowPickup: boolean;
  onDone: () => void;
}

export function DeliveryForm({ formId, initial, initialMethod, allowPickup, onDone }: DeliveryFormProps) {
  const field = useAddressField({ address: initial.address, lat: initial.lat, lng: initial.lng });
  const [date, setDate] = useState(initial.deliveryDate);
  const [time, setTime] = useState(initial.deliveryTime);
  const [method, setMethod] = useState<ReceivingMethod>(allowPickup ? initialMethod : 'delivery');
  // issue 20 headcount first: how many people, saved with the details (empty: not said)
  const [people, setPeople] = useState(String(headcountStore.get() ?? ''));
  const dateId = useId();
  const timeId = useId();
  const peopleId = useId();

  const now = new Date();
  const today = formatIsoDate(now);
  const lastDate = lastPickableDate(now);
  const tooFar = pickedDateTooFar(date, now);
  const slots = availableTimeSlots(date, now);
  const dateValid = parseIsoDate(date) !== null && date >= today && !tooFar;
  const timeValid = slots.includes(time);
  // Say why SAVE is off (browse-account-orders §5 'Please select valid date.', ordering-payments
  // §5 'time required and valid'): a past or impossible date, then a time the day does not offer.
  const dateError = tooFar ?? (dateValid ? null : messages.invalidDate);
  const timeError = dateValid && !timeValid ? messages.invalidTime : null;
  const headcount = parseHeadcount(people);
  const peopleValid = people === '' || headcount !== null;
  const canSave = field.address.trim() !== '' && dateValid && timeValid && peopleValid && !field.resolving;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    // A typed address is geocoded; one that is too broad or cannot be placed is refused (ordering-payments §5).
    const resolved = await field.resolve({ strict: true });
    if (!resolved) return;
    saveDelivery(
      { address: resolved.label, lat: resolved.lat, lng: resolved.lng, deliveryDate: date, deliveryTime: time },
      method,
    );
    setHeadcount(headcount);
    onDone();
  };

  return (
    <form id={formId} className="delivery-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <AddressAutocomplete
        className="delivery-form-address"
        label={method === 'pickup' ? 'Your address' : 'Delivery address'}
        required
        focusOnMount
        placeholder="Street address, city"
        {...field.fieldProps}
      />
      <div className="field">
        <label htmlFor={dateId}>Date</label>
        <input
          id={dateId}
          type="date"
          required
          min={today}
          max={lastDate}
          value={date}
          aria-invalid={!dateValid || undefined}
          aria-describedby={dateError ? `${dateId}-error` : undefined}
          onChange={(event) => {
            const next = event.target.value;
            setDate(next);
            const nextSlots = availableTimeSlots(next, new Date());
            if (!nextSlots.includes(time) && nextSlots.length > 0) setTime(nextSlots[0]!);
          }}
        />
      </div>
      {dateError ? (
        <p id={`${dateId}-error`} className="field-error delivery-form-error" role="alert">
          {dateError}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={timeId}>Time</label>
        <select
          id={timeId}
          required
          value={timeValid ? time : ''}
          aria-invalid={timeError ? true : undefined}
          aria-describedby={timeError ? `${timeId}-error` : undefined}
          onChange={(event) => setTime(event.target.value)}
        >
          {!timeValid ? (
            <option value="" disabled>
              {slots.length === 0 ? 'No times left' : 'Choose a time'}
            </option>
          ) : null}
          {slots.map((slot) => (
            <option key={slot} value={slot}>
              {displayTime(slot)}
            </option>
          ))}
        </select>
      </div>
      {timeError ? (
        <p id={`${timeId}-error`} className="field-error delivery-form-error" role="alert">
          {timeError}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={peopleId}>How many people?</label>
        <input
          id={peopleId}
          {...headcountInput}
          placeholder="e.g. 40"
          value={people}
          aria-invalid={!peopleValid || undefined}
          aria-describedby={peopleValid ? undefined : `${peopleId}-error`}
          onChange={(event) => setPeople(event.target.value.trim())}
        />
      </div>
      {peopleValid ? null : (
        <p id={`${peopleId}-error`} className="field-error delivery-form-error" role="alert">
          Enter a whole number of people from 1 to 2,000.
        </p>
      )}
      {allowPickup ? (
        <fieldset className="segmented">
          <legend className="visually-hidden">Receiving method</legend>
          {(['delivery', 'pickup'] as const).map((m) => (
            <label key={m} className={method === m ? 'segmented-on' : undefined}>
              <input
                type="radio"
                name={`${formId}-method`}
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
              />
              {m === 'delivery' ? 'Delivery' : 'Pickup'}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="delivery-form-actions">
        <Button type="submit" disabled={!canSave} busy={field.resolving}>
          SAVE
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
export default DeliveryForm;
