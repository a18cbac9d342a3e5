import { useId } from 'react';
import {
  availableTimeSlots,
  displayTime,
  formatIsoDate,
  lastPickableDate,
  messages,
  pickedDateTooFar,
} from '@caterway/domain';
import { TextField } from '@caterway/ui';
import {
  CORPORATE_FIELD_MAX,
  servingStyles,
  setCutleryCount,
  setCutleryNeeded,
  type CheckoutFormErrors,
  type CheckoutFormValues,
  type TipChoice,
} from '../checkout-form';

// The order form's fields (ordering-payments §3 'Checkout/edit form values', §4 Cutlery, §5):
// the checkout, the add-on checkout (the parent's delivery, fixed) and the edit-order page.

export interface OrderFieldsProps {
  formId: string;
  values: CheckoutFormValues;
  errors: CheckoutFormErrors;
  update: (next: Partial<CheckoutFormValues>) => void;
  setValues: (fn: (v: CheckoutFormValues) => CheckoutFormValues) => void;
  setErrors: (fn: (e: CheckoutFormErrors) => CheckoutFormErrors) => void;
  receivingMethod: 'delivery' | 'pickup';
  restaurantAddress: string;
  /** at checkout first and last name are read-only (ordering-payments §5) */
  nameReadOnly?: boolean;
  /** an add-on order: delivered with its parent at this time (no date, time or address to choose) */
  fixedSchedule?: string;
  /** an add-on order (at its checkout or its edit): no tip and no on-site contact of its own */
  addOn?: boolean;
}

const tipOptions: [TipChoice, string][] = [
  ['none', 'None'],
  ['10', '10%'],
  ['15', '15%'],
  ['18', '18%'],
  ['amount', 'Other amount'],
];

export function OrderFields({
  formId,
  values,
  errors,
  update,
  setValues,
  setErrors,
  receivingMethod,
  restaurantAddress,
  nameReadOnly = false,
  fixedSchedule,
  addOn = false,
}: OrderFieldsProps) {
  const today = formatIsoDate(new Date());
  const lastDate = lastPickableDate(new Date());
  const slots = availableTimeSlots(values.date, new Date());
  const fieldError = (key: keyof CheckoutFormValues) => errors[key] ?? null;
  return (
    <>
      <fieldset>
        <legend>Contact</legend>
        <div className="form-row">
          <TextField
            label="First name"
            value={values.firstName}
            readOnly={nameReadOnly}
            onChange={(e) => update({ firstName: e.target.value })}
            required
            error={fieldError('firstName')}
          />
          <TextField
            label="Last name"
            value={values.lastName}
            readOnly={nameReadOnly}
            onChange={(e) => update({ lastName: e.target.value })}
            required
            error={fieldError('lastName')}
          />
        </div>
        <TextField
          label="Company"
          autoComplete="organization"
          required={!fixedSchedule}
          optional={Boolean(fixedSchedule)}
          value={values.companyName}
          error={fieldError('companyName')}
          onChange={(e) => update({ companyName: e.target.value })}
        />
        <div className="form-row">
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            required
            value={values.phoneNumber}
            error={fieldError('phoneNumber')}
            onChange={(e) => update({ phoneNumber: e.target.value })}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={values.emailAddress}
            error={fieldError('emailAddress')}
            onChange={(e) => update({ emailAddress: e.target.value })}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>{receivingMethod === 'pickup' ? 'Pickup' : 'Delivery'}</legend>
        {fixedSchedule ? (
          <>
            <p className="pickup-address">
              <strong>Delivered with your order:</strong> {fixedSchedule}
              {receivingMethod === 'delivery' && values.address ? `, ${values.address}` : null}
            </p>
            {receivingMethod === 'delivery' ? (
              <TextField
                label="Suite"
                optional
                autoComplete="address-line2"
                value={values.address2}
                onChange={(e) => update({ address2: e.target.value })}
              />
            ) : null}
          </>
        ) : (
          <>
            {receivingMethod === 'delivery' ? (
              <div className="form-row">
                <TextField
                  label="Address"
                  autoComplete="street-address"
                  required
                  value={values.address}
                  error={fieldError('address')}
                  onChange={(e) => update({ address: e.target.value })}
                />
                <TextField
                  label="Suite"
                  optional
                  autoComplete="address-line2"
                  value={values.address2}
                  onChange={(e) => update({ address2: e.target.value })}
                />
              </div>
            ) : (
              <p className="pickup-address">
                <strong>Pick up at:</strong> {restaurantAddress}
              </p>
            )}
            <div className="form-row">
              <TextField
                label="Date"
                type="date"
                min={today}
                max={lastDate}
                required
                value={values.date}
                error={fieldError('date') ?? pickedDateTooFar(values.date, new Date())}
                onChange={(e) => update({ date: e.target.value })}
              />
              <TimeSelect
                label="Time"
                value={values.time}
                slots={slots}
                error={fieldError('time')}
                onChange={(time) => update({ time })}
              />
            </div>
          </>
        )}
        <div className="field">
          <label htmlFor={`${formId}-notes`}>
            {receivingMethod === 'pickup' ? 'Pickup instructions' : 'Delivery instructions'}
          </label>
          <textarea
            id={`${formId}-notes`}
            rows={3}
            maxLength={1000}
            value={values.notes}
            onChange={(e) => update({ notes: e.target.value })}
          />
        </div>
        {receivingMethod === 'delivery' && !addOn ? (
          <div className="onsite-contact">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={values.onsiteContact}
                onChange={(e) => update({ onsiteContact: e.target.checked })}
              />
              Someone else will receive the order
            </label>
            {values.onsiteContact ? (
              <div className="form-row">
                <TextField
                  label="On-site contact name"
                  autoComplete="off"
                  maxLength={80}
                  value={values.onsiteContactName}
                  error={fieldError('onsiteContactName')}
                  onChange={(e) => update({ onsiteContactName: e.target.value })}
                />
                <TextField
                  label="On-site contact phone"
                  type="tel"
                  autoComplete="off"
                  maxLength={40}
                  value={values.onsiteContactPhone}
                  error={fieldError('onsiteContactPhone')}
                  onChange={(e) => update({ onsiteContactPhone: e.target.value })}
                />
              </div>
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <fieldset>
        <legend>Serving</legend>
        <div className="radio-row" role="radiogroup" aria-label="Serving style">
          {servingStyles.map((style) => (
            <label key={style} className="checkbox">
              <input
                type="radio"
                name={`${formId}-style`}
                value={style}
                checked={values.servingStyle === style}
                onChange={() => update({ servingStyle: style })}
              />
              {style}
            </label>
          ))}
        </div>
        <div className="cutlery-row">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.cutleryNeeded}
              onChange={(e) => setValues((v) => setCutleryNeeded(v, e.target.checked))}
            />
            Cutlery, plates &amp; napkins needed ($0.50 each)
          </label>
          <TextField
            label="How many?"
            inputMode="numeric"
            pattern="[0-9]*"
            className="cutlery-count"
            disabled={!values.cutleryNeeded}
            value={values.cutleryCount}
            error={fieldError('cutleryCount')}
            onChange={(e) => {
              const typed = e.target.value;
              setValues((v) => setCutleryCount(v, typed));
              setErrors((er) => ({
                ...er,
                cutleryCount: /^\d*$/.test(typed) ? undefined : messages.nonNegativeInteger,
              }));
            }}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>Billing</legend>
        <div className="form-row">
          <TextField
            label="PO number"
            optional
            maxLength={CORPORATE_FIELD_MAX}
            value={values.poNumber}
            error={fieldError('poNumber')}
            onChange={(e) => update({ poNumber: e.target.value })}
          />
          <TextField
            label="Cost centre"
            optional
            maxLength={CORPORATE_FIELD_MAX}
            value={values.costCentre}
            error={fieldError('costCentre')}
            onChange={(e) => update({ costCentre: e.target.value })}
          />
        </div>
      </fieldset>

      {addOn ? null : (
        <fieldset>
          <legend>Tip</legend>
          <p className="field-hint">Optional, added after tax. All of it goes to the restaurant.</p>
          <div className="tip-options" role="radiogroup" aria-label="Tip">
            {tipOptions.map(([choice, label]) => (
              <label key={choice} className="tip-option">
                <input
                  type="radio"
                  name={`${formId}-tip`}
                  value={choice}
                  checked={values.tip === choice}
                  onChange={() => update({ tip: choice })}
                />
                {label}
              </label>
            ))}
          </div>
          {values.tip === 'amount' ? (
            <TextField
              label="Tip amount ($)"
              inputMode="decimal"
              className="tip-amount"
              value={values.tipAmount}
              error={fieldError('tipAmount')}
              onChange={(e) => update({ tipAmount: e.target.value })}
            />
          ) : null}
        </fieldset>
      )}
    </>
  );
}

export function TimeSelect({
  label,
  value,
  slots,
  error,
  onChange,
}: {
  label: string;
  value: string;
  slots: string[];
  error: string | null;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const valid = slots.includes(value);
  return (
    <div className={['field', error ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        required
        value={valid ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="" disabled>
          {slots.length === 0 ? 'No times left' : 'Choose a time'}
        </option>
        {slots.map((slot) => (
          <option key={slot} value={slot}>
            {displayTime(slot)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
