import { useId, useState, type FormEvent } from 'react';
import { WINDOW_CHOICES, formatCents, isValidEmail, typedDollarsToCents } from '@caterway/domain';
import { Button, ErrorList, Loading } from '@caterway/ui';
import { notifySuccess } from '../../../stores/notifications';
import { useRestaurant } from '../api/restaurants';
import { useCapacity, useSaveCapacity, useSaveSettings, useSettings, useStats } from '../api/settings';
import { hasRole } from '../api/types';
import { errorMessages, usePortalTitle } from './portal-common';

// /partner/:chefId/settings: the restaurant's record over 90 days (everyone on the team), and
// for managers and owners where orders are emailed, auto-accept and capacity. Each form saves
// on its own; the API checks everything again and its messages are shown as they come.

export const settingsMessages = {
  tooManyEmails: 'Enter at most 5 email addresses, one per line.',
  notAnEmail: (value: string) => `${value} is not an email address.`,
  amountNeeded: 'Enter the largest order to accept automatically, in dollars.',
  limitNeeded: 'Enter a whole number of 1 or more, or leave it empty for no limit.',
} as const;

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

export function SettingsPage({ chefId }: { chefId: number }) {
  usePortalTitle('Settings');
  const restaurant = useRestaurant(chefId);
  const manages = restaurant.data !== undefined && hasRole(restaurant.data.role, 'manager');
  if (restaurant.isPending)
    return (
      <section className="container page partner-page page-loading">
        <Loading label="Loading the settings…" />
      </section>
    );
  return (
    <section className="container page partner-page" aria-labelledby="partner-settings-title">
      <h1 id="partner-settings-title">Settings</h1>
      <div className="partner-settings">
        <Record chefId={chefId} />
        {manages ? (
          <>
            <EmailsForm chefId={chefId} />
            <CapacityForm chefId={chefId} />
          </>
        ) : (
          <p className="partner-panel">
            Where orders are emailed, auto-accept and capacity are set by the owner and managers.
          </p>
        )}
      </div>
    </section>
  );
}

function Record({ chefId }: { chefId: number }) {
  const stats = useStats(chefId);
  return (
    <section className="partner-panel" aria-labelledby="partner-record-title">
      <h2 id="partner-record-title" className="partner-subtitle">
        Your record, last 90 days
      </h2>
      {stats.isPending ? (
        <Loading label="Loading the record…" />
      ) : stats.isError ? (
        <p role="alert">{errorMessages(stats.error).join(' ')}</p>
      ) : (
        <dl className="partner-facts">
          <div>
            <dt>Orders received</dt>
            <dd>{stats.data.requests}</dd>
          </div>
          <div>
            <dt>Acceptance rate</dt>
            <dd>{percent(stats.data.acceptanceRate)}</dd>
          </div>
          <div>
            <dt>Median time to accept</dt>
            <dd>{stats.data.medianMinutesToAccept === null ? '—' : `${stats.data.medianMinutesToAccept} min`}</dd>
          </div>
          <div>
            <dt>Declined</dt>
            <dd>{stats.data.declined}</dd>
          </div>
          <div>
            <dt>Accepted automatically</dt>
            <dd>{stats.data.autoAccepted}</dd>
          </div>
          <div>
            <dt>Delivered on time</dt>
            <dd>{stats.data.delivered === 0 ? '—' : `${percent(stats.data.onTimeRate)} of ${stats.data.delivered}`}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

type AutoAccept = 'off' | 'under' | 'all';

function EmailsForm({ chefId }: { chefId: number }) {
  const settings = useSettings(chefId, true);
  if (settings.isPending) return <Loading label="Loading the settings…" />;
  if (settings.isError) return <p role="alert">{errorMessages(settings.error).join(' ')}</p>;
  const s = settings.data;
  return (
    <EmailsFormLoaded
      key={JSON.stringify(s)}
      chefId={chefId}
      emails={s.notificationEmails}
      autoAccept={s.autoAccept}
      maxCents={s.autoAcceptMaxCents}
    />
  );
}

function EmailsFormLoaded(props: {
  chefId: number;
  emails: string[];
  autoAccept: AutoAccept;
  maxCents: number | null;
}) {
  const save = useSaveSettings(props.chefId);
  const [emails, setEmails] = useState(props.emails.join('\n'));
  const [autoAccept, setAutoAccept] = useState<AutoAccept>(props.autoAccept);
  const [amount, setAmount] = useState(props.maxCents === null ? '' : (props.maxCents / 100).toFixed(2));
  const [errors, setErrors] = useState<{ emails?: string; amount?: string }>({});
  const emailsId = useId();
  const amountId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const list = emails
      .split(/[\n,;]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    const found: typeof errors = {};
    const bad = list.find((e) => !isValidEmail(e));
    if (list.length > 5) found.emails = settingsMessages.tooManyEmails;
    else if (bad) found.emails = settingsMessages.notAnEmail(bad);
    const cents = typedDollarsToCents(amount);
    if (autoAccept === 'under' && !(cents > 0)) found.amount = settingsMessages.amountNeeded;
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      {
        notification_emails: list,
        auto_accept: autoAccept,
        auto_accept_max_cents: autoAccept === 'under' ? cents : null,
      },
      { onSuccess: () => notifySuccess('Order emails and auto-accept saved.') },
    );
  };

  return (
    <form className="partner-panel form" onSubmit={onSubmit} noValidate aria-labelledby={`${emailsId}-title`}>
      <h2 id={`${emailsId}-title`} className="partner-subtitle">
        Order emails and auto-accept
      </h2>
      <div className={errors.emails ? 'field field-invalid' : 'field'}>
        <label htmlFor={emailsId}>Email new orders to</label>
        <textarea
          id={emailsId}
          rows={3}
          value={emails}
          aria-invalid={errors.emails ? true : undefined}
          aria-describedby={`${emailsId}-hint${errors.emails ? ` ${emailsId}-error` : ''}`}
          onChange={(e) => setEmails(e.target.value)}
        />
        <p id={`${emailsId}-hint`} className="field-hint">
          Up to 5 addresses, one per line. Empty: the restaurant&rsquo;s owners and managers.
        </p>
        {errors.emails ? (
          <p id={`${emailsId}-error`} className="field-error">
            {errors.emails}
          </p>
        ) : null}
      </div>
      <fieldset className="partner-reasons">
        <legend>Accept new orders automatically</legend>
        {(
          [
            ['off', 'No: we answer each order'],
            ['under', 'Orders up to an amount of food'],
            ['all', 'Every order'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="partner-radio">
            <input
              type="radio"
              name="auto-accept"
              value={value}
              checked={autoAccept === value}
              onChange={() => setAutoAccept(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      {autoAccept === 'under' ? (
        <div className={errors.amount ? 'field field-invalid' : 'field'}>
          <label htmlFor={amountId}>Largest order to accept automatically (food, $)</label>
          <input
            id={amountId}
            inputMode="decimal"
            value={amount}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${amountId}-error` : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
          {errors.amount ? (
            <p id={`${amountId}-error`} className="field-error">
              {errors.amount}
            </p>
          ) : null}
          {props.maxCents !== null ? <p className="field-hint">Now: {formatCents(props.maxCents)}</p> : null}
        </div>
      ) : null}
      <ErrorList messages={save.isError ? errorMessages(save.error) : []} />
      <Button type="submit" busy={save.isPending}>
        Save
      </Button>
    </form>
  );
}

function CapacityForm({ chefId }: { chefId: number }) {
  const capacity = useCapacity(chefId, true);
  if (capacity.isPending) return <Loading label="Loading the capacity…" />;
  if (capacity.isError) return <p role="alert">{errorMessages(capacity.error).join(' ')}</p>;
  return <CapacityFormLoaded key={JSON.stringify(capacity.data)} chefId={chefId} capacity={capacity.data} />;
}

function CapacityFormLoaded({
  chefId,
  capacity,
}: {
  chefId: number;
  capacity: { unit: 'orders' | 'servings'; perDay: number | null; perWindow: number | null; windowMinutes: number };
}) {
  const save = useSaveCapacity(chefId);
  const [unit, setUnit] = useState(capacity.unit);
  const [perDay, setPerDay] = useState(capacity.perDay === null ? '' : String(capacity.perDay));
  const [perWindow, setPerWindow] = useState(capacity.perWindow === null ? '' : String(capacity.perWindow));
  const [windowMinutes, setWindowMinutes] = useState(capacity.windowMinutes);
  const [errors, setErrors] = useState<{ perDay?: string; perWindow?: string }>({});
  const id = useId();
  const limit = (typed: string): number | null | 'bad' =>
    typed.trim() === '' ? null : /^\d+$/.test(typed.trim()) && Number(typed) >= 1 ? Number(typed) : 'bad';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const day = limit(perDay);
    const win = limit(perWindow);
    const found: typeof errors = {};
    if (day === 'bad') found.perDay = settingsMessages.limitNeeded;
    if (win === 'bad') found.perWindow = settingsMessages.limitNeeded;
    setErrors(found);
    if (day === 'bad' || win === 'bad') return;
    save.mutate(
      { unit, per_day: day, per_window: win, window_minutes: windowMinutes as (typeof WINDOW_CHOICES)[number] },
      { onSuccess: () => notifySuccess('Capacity saved.') },
    );
  };
  const noun = unit === 'orders' ? 'orders' : 'servings';
  const field = (key: 'perDay' | 'perWindow', label: string, value: string, set: (v: string) => void) => (
    <div className={errors[key] ? 'field field-invalid' : 'field'}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        inputMode="numeric"
        value={value}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : `${id}-${key}-hint`}
        onChange={(e) => set(e.target.value)}
      />
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="field-error">
          {errors[key]}
        </p>
      ) : (
        <p id={`${id}-${key}-hint`} className="field-hint">
          Empty: no limit.
        </p>
      )}
    </div>
  );

  return (
    <form className="partner-panel form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="partner-subtitle">
        Capacity
      </h2>
      <p className="muted">
        When a day or a delivery window is full, checkout refuses new orders for it and offers the next time with room.
      </p>
      <fieldset className="partner-reasons">
        <legend>Count</legend>
        {(
          [
            ['orders', 'Orders'],
            ['servings', 'Servings'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="partner-radio">
            <input
              type="radio"
              name="capacity-unit"
              value={value}
              checked={unit === value}
              onChange={() => setUnit(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <div className="form-row">
        {field('perDay', `Most ${noun} a day`, perDay, setPerDay)}
        {field('perWindow', `Most ${noun} a delivery window`, perWindow, setPerWindow)}
      </div>
      <div className="field">
        <label htmlFor={`${id}-window`}>Delivery windows of</label>
        <select id={`${id}-window`} value={windowMinutes} onChange={(e) => setWindowMinutes(Number(e.target.value))}>
          {WINDOW_CHOICES.map((m) => (
            <option key={m} value={m}>
              {m < 60 ? `${m} minutes` : m === 60 ? '1 hour' : `${m / 60} hours`}
            </option>
          ))}
        </select>
      </div>
      <ErrorList messages={save.isError ? errorMessages(save.error) : []} />
      <Button type="submit" busy={save.isPending}>
        Save capacity
      </Button>
    </form>
  );
}
