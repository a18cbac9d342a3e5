import { useId, useState, type FormEvent } from 'react';
import {
  WEEKDAYS,
  formatCents,
  formatLocalDateTime,
  formatStoreTime,
  parseCalendarDate,
  typedDollarsToCents,
  weekdayLabel,
  weeklyHoursProblems,
  windowProblems,
  zonedWallTimeToInstant,
  type StoreWeekday,
  type TimeWindow,
} from '@caterway/domain';
import { Button, ErrorList, Loading } from '@caterway/ui';
import { notifySuccess } from '../../../stores/notifications';
import { useCalendar, useCalendarWrite, useHolidays, type PortalCalendar } from '../api/calendar';
import { useRestaurant } from '../api/restaurants';
import { hasRole } from '../api/types';
import { errorMessages, usePortalTitle } from './portal-common';

// /partner/:chefId/calendar (issue 19 part 2; decision 055): when the restaurant takes orders.
// The pause first (the quick action on a busy day), then the weekly delivery windows, closures
// and one-off changes with the statutory holidays offered, and the lead time and minimum order.
// Staff read it; managers, owners and operations change it. The API checks every rule again
// (packages/domain calendar.ts) and its messages are shown as they come.

export const calendarPageMessages = {
  pickEnd: 'Choose when the pause ends.',
  pickDate: 'Choose the first day.',
  noticeNeeded: 'Enter the lead time in whole hours (0 to 336).',
  minimumNeeded: 'Enter the minimum order in dollars, e.g. 150 or 150.00.',
  readOnly: 'Only the owner and managers change the calendar.',
} as const;

/** 'Thu, Dec 24, 2026' for a 'yyyy-MM-dd' date (a calendar day: no zone shifts it). */
export function dayText(date: string): string {
  const d = parseCalendarDate(date);
  if (!d) return date;
  return new Date(Date.UTC(d.year, d.month - 1, d.day, 12)).toLocaleDateString('en-CA', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
const rangeText = (from: string, to: string) => (from === to ? dayText(from) : `${dayText(from)} – ${dayText(to)}`);
const windowsText = (windows: readonly TimeWindow[]) =>
  windows.map((w) => `${formatStoreTime(w.open)} – ${formatStoreTime(w.close)}`).join(', ');

export function CalendarPage({ chefId }: { chefId: number }) {
  usePortalTitle('Calendar');
  const restaurant = useRestaurant(chefId);
  const calendar = useCalendar(chefId);
  const manages = restaurant.data !== undefined && hasRole(restaurant.data.role, 'manager');
  return (
    <section className="container page partner-page" aria-labelledby="partner-calendar-title">
      <h1 id="partner-calendar-title">Calendar</h1>
      {calendar.isPending || restaurant.isPending ? (
        <Loading label="Loading the calendar…" />
      ) : calendar.isError ? (
        <Failed title="We could not load the calendar" error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : (
        <div className="partner-settings partner-calendar">
          {manages ? null : <p className="partner-panel">{calendarPageMessages.readOnly}</p>}
          <PausePanel chefId={chefId} calendar={calendar.data} manages={manages} />
          <WeeklyHoursForm
            key={JSON.stringify(calendar.data.weeklyHours)}
            chefId={chefId}
            calendar={calendar.data}
            manages={manages}
          />
          <ClosuresPanel chefId={chefId} calendar={calendar.data} manages={manages} />
          <OrderingForm
            key={JSON.stringify(calendar.data.ordering)}
            chefId={chefId}
            calendar={calendar.data}
            manages={manages}
          />
        </div>
      )}
    </section>
  );
}

/** A read that failed: what the API said, and a retry. */
function Failed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="partner-panel" role="alert">
      <p>
        <strong>{title}</strong>. {errorMessages(error).join(' ')}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

interface PanelProps {
  chefId: number;
  calendar: PortalCalendar;
  manages: boolean;
}

function PausePanel({ chefId, calendar, manages }: PanelProps) {
  const write = useCalendarWrite(chefId);
  const id = useId();
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { pausedUntil, reason: pausedFor } = calendar.pause;
  const zone = calendar.timeZone;

  const pause = (body: { rest_of_today?: boolean; until?: string }) =>
    write.mutate(
      { kind: 'pause', body: { ...body, reason: reason.trim() || null } },
      {
        onSuccess: () => {
          setUntil('');
          setReason('');
          notifySuccess('Paused: no new orders are taken until then.');
        },
      },
    );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(until);
    const day = m ? parseCalendarDate(m[1]!) : null;
    if (!m || !day) {
      setError(calendarPageMessages.pickEnd);
      return;
    }
    setError(null);
    // the time typed is the restaurant's wall clock, wherever the browser is
    const at = zonedWallTimeToInstant({ ...day, hour: Number(m[2]), minute: Number(m[3]) }, zone);
    pause({ until: at.toISOString() });
  };

  return (
    <section className="partner-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="partner-subtitle">
        Taking orders
      </h2>
      {pausedUntil ? (
        <div className="partner-calendar-paused" role="status">
          <p>
            <strong>Not taking new orders until {formatLocalDateTime(new Date(pausedUntil), zone)}</strong>
            {pausedFor ? ` (${pausedFor})` : ''}. Orders placed now are refused; orders already placed stay.
          </p>
          {manages ? (
            <Button
              variant="secondary"
              busy={write.isPending}
              onClick={() =>
                write.mutate({ kind: 'resume' }, { onSuccess: () => notifySuccess('Taking new orders again.') })
              }
            >
              Take orders again
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="muted">Taking new orders. Pause when the kitchen cannot take more, and new orders are refused.</p>
      )}
      {manages ? (
        <form className="form partner-calendar-pause" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason (optional)</label>
            <input
              id={`${id}-reason`}
              value={reason}
              maxLength={80}
              placeholder="e.g. Kitchen at capacity"
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="partner-calendar-actions">
            <Button type="button" busy={write.isPending} onClick={() => pause({ rest_of_today: true })}>
              Pause for the rest of today
            </Button>
          </div>
          <div className={error ? 'field field-invalid' : 'field'}>
            <label htmlFor={`${id}-until`}>Or pause until</label>
            <input
              id={`${id}-until`}
              type="datetime-local"
              step={900}
              min={`${calendar.today}T00:00`}
              value={until}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-until-error` : `${id}-until-hint`}
              onChange={(e) => setUntil(e.target.value)}
            />
            {error ? (
              <p id={`${id}-until-error`} className="field-error">
                {error}
              </p>
            ) : (
              <p id={`${id}-until-hint`} className="field-hint">
                The restaurant&apos;s time ({zone}).
              </p>
            )}
          </div>
          <ErrorList messages={write.isError ? errorMessages(write.error) : []} />
          <Button type="submit" variant="secondary" busy={write.isPending}>
            Pause until then
          </Button>
        </form>
      ) : null}
    </section>
  );
}

type Week = Record<StoreWeekday, { enabled: boolean; windows: TimeWindow[] }>;

function WeeklyHoursForm({ chefId, calendar, manages }: PanelProps) {
  const write = useCalendarWrite(chefId);
  const id = useId();
  const [week, setWeek] = useState<Week>(() => structuredClone<Week>(calendar.weeklyHours));
  const [problems, setProblems] = useState<string[]>([]);
  const setDay = (day: StoreWeekday, change: Partial<Week[StoreWeekday]>) =>
    setWeek((w) => ({ ...w, [day]: { ...w[day], ...change } }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = weeklyHoursProblems(week);
    setProblems(found);
    if (found.length) return;
    write.mutate({ kind: 'hours', body: week }, { onSuccess: () => notifySuccess('Hours saved.') });
  };

  return (
    <form className="partner-panel form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="partner-subtitle">
        Weekly delivery windows
      </h2>
      <p className="muted">
        Customers choose a delivery time inside a window. Times are the restaurant&apos;s ({calendar.timeZone}), in
        15-minute steps.
      </p>
      <fieldset className="partner-calendar-week" disabled={!manages}>
        <legend className="visually-hidden">Delivery windows by day</legend>
        {WEEKDAYS.map((day) => {
          const d = week[day];
          const label = weekdayLabel(day);
          return (
            <div key={day} className="partner-calendar-day">
              <label className="partner-calendar-open">
                <input
                  type="checkbox"
                  checked={d.enabled}
                  onChange={(e) =>
                    setDay(day, {
                      enabled: e.target.checked,
                      windows: e.target.checked && !d.windows.length ? [{ open: '11:00', close: '14:00' }] : d.windows,
                    })
                  }
                />
                <span className="partner-calendar-dayname">{label}</span>
              </label>
              {d.enabled ? (
                <ul className="partner-calendar-windows" aria-label={`${label} windows`}>
                  {d.windows.map((w, i) => (
                    <li key={i}>
                      <WindowInputs
                        label={`${label}, window ${i + 1}`}
                        window={w}
                        onChange={(next) => setDay(day, { windows: d.windows.map((x, j) => (j === i ? next : x)) })}
                      />
                      <Button
                        variant="ghost"
                        className="btn-sm partner-calendar-remove"
                        title="Remove this window"
                        onClick={() => setDay(day, { windows: d.windows.filter((_, j) => j !== i) })}
                      >
                        <span aria-hidden="true">✕</span>
                        <span className="visually-hidden">Remove {`${label} window ${i + 1}`}</span>
                      </Button>
                    </li>
                  ))}
                  <li>
                    <Button
                      variant="ghost"
                      className="btn-sm"
                      onClick={() => setDay(day, { windows: [...d.windows, nextWindow(d.windows)] })}
                    >
                      Add a window<span className="visually-hidden"> on {label}</span>
                    </Button>
                  </li>
                </ul>
              ) : (
                <p className="muted partner-calendar-closed">Closed</p>
              )}
            </div>
          );
        })}
      </fieldset>
      <ErrorList messages={problems.length ? problems : write.isError ? errorMessages(write.error) : []} />
      {manages ? (
        <Button type="submit" busy={write.isPending}>
          Save hours
        </Button>
      ) : null}
    </form>
  );
}

/** A new window after the day's last one (an hour later, two hours long), kept inside the day. */
function nextWindow(windows: readonly TimeWindow[]): TimeWindow {
  const last = windows.at(-1);
  if (!last) return { open: '11:00', close: '14:00' };
  const [h = 0, m = 0] = last.close.split(':').map(Number);
  const open = Math.min(h * 60 + m + 60, 22 * 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = (t: number) => `${pad(Math.floor(t / 60))}:${pad(t % 60)}`;
  return { open: at(open), close: at(Math.min(open + 120, 23 * 60 + 45)) };
}

function WindowInputs({
  label,
  window,
  onChange,
}: {
  label: string;
  window: TimeWindow;
  onChange: (next: TimeWindow) => void;
}) {
  const id = useId();
  return (
    <span className="partner-calendar-window" role="group" aria-label={label}>
      <label htmlFor={`${id}-open`} className="visually-hidden">
        {label} opens
      </label>
      <input
        id={`${id}-open`}
        type="time"
        step={900}
        value={window.open}
        onChange={(e) => onChange({ ...window, open: e.target.value })}
      />
      <span aria-hidden="true">–</span>
      <label htmlFor={`${id}-close`} className="visually-hidden">
        {label} closes
      </label>
      <input
        id={`${id}-close`}
        type="time"
        step={900}
        value={window.close === '24:00' ? '23:59' : window.close}
        onChange={(e) => onChange({ ...window, close: e.target.value === '23:59' ? '24:00' : e.target.value })}
      />
    </span>
  );
}

function ClosuresPanel({ chefId, calendar, manages }: PanelProps) {
  const write = useCalendarWrite(chefId);
  const id = useId();
  const closures = calendar.closures;
  return (
    <section className="partner-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="partner-subtitle">
        Closures and special hours
      </h2>
      {closures.length === 0 ? (
        <p className="muted">No closures planned. Add holidays, private events or days with different hours.</p>
      ) : (
        <ul className="partner-calendar-closures">
          {closures.map((c) => (
            <li key={c.id}>
              <span>
                <strong>{rangeText(c.startsOn, c.endsOn)}</strong>
                <span className="muted"> · {c.reason}</span>
                <br />
                {c.windows ? `Open ${windowsText(c.windows)}` : 'Closed all day'}
              </span>
              {manages ? (
                <Button
                  variant="ghost"
                  className="btn-sm"
                  busy={
                    write.isPending && write.variables?.kind === 'removeClosure' && write.variables.closureId === c.id
                  }
                  onClick={() =>
                    write.mutate(
                      { kind: 'removeClosure', closureId: c.id },
                      { onSuccess: () => notifySuccess('Closure removed.') },
                    )
                  }
                >
                  Remove<span className="visually-hidden"> the closure of {rangeText(c.startsOn, c.endsOn)}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {write.isError && write.variables?.kind === 'removeClosure' ? (
        <ErrorList messages={errorMessages(write.error)} />
      ) : null}
      {manages ? <AddClosureForm chefId={chefId} calendar={calendar} manages={manages} /> : null}
      <Holidays chefId={chefId} manages={manages} />
    </section>
  );
}

function AddClosureForm({ chefId, calendar }: PanelProps) {
  const write = useCalendarWrite(chefId);
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [special, setSpecial] = useState(false);
  const [window, setWindow] = useState<TimeWindow>({ open: '11:00', close: '14:00' });
  const [problems, setProblems] = useState<string[]>([]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: string[] = [];
    if (!parseCalendarDate(from)) found.push(calendarPageMessages.pickDate);
    if (special) found.push(...windowProblems([window], 'Hours that day'));
    setProblems(found);
    if (found.length) return;
    write.mutate(
      {
        kind: 'addClosure',
        body: { starts_on: from, ends_on: to || from, reason, windows: special ? [window] : null, holiday: null },
      },
      {
        onSuccess: () => {
          setFrom('');
          setTo('');
          setReason('');
          setSpecial(false);
          notifySuccess('Closure added.');
        },
      },
    );
  };

  return (
    <form className="form partner-calendar-add" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="partner-calendar-h3">
        Add a closure or special hours
      </h3>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-from`}>First day</label>
          <input
            id={`${id}-from`}
            type="date"
            min={calendar.today}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>Last day (optional)</label>
          <input
            id={`${id}-to`}
            type="date"
            min={from || calendar.today}
            value={to}
            aria-describedby={`${id}-to-hint`}
            onChange={(e) => setTo(e.target.value)}
          />
          <p id={`${id}-to-hint`} className="field-hint">
            Empty: one day.
          </p>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={80}
          placeholder="e.g. Thanksgiving, Private event"
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <fieldset className="partner-reasons">
        <legend>That day</legend>
        <label className="partner-radio">
          <input type="radio" name={`${id}-kind`} checked={!special} onChange={() => setSpecial(false)} />
          <span>Closed all day</span>
        </label>
        <label className="partner-radio">
          <input type="radio" name={`${id}-kind`} checked={special} onChange={() => setSpecial(true)} />
          <span>Open with different hours</span>
        </label>
      </fieldset>
      {special ? <WindowInputs label="Hours that day" window={window} onChange={setWindow} /> : null}
      <ErrorList
        messages={
          problems.length
            ? problems
            : write.isError && write.variables?.kind === 'addClosure'
              ? errorMessages(write.error)
              : []
        }
      />
      <Button type="submit" busy={write.isPending}>
        Add
      </Button>
    </form>
  );
}

function Holidays({ chefId, manages }: { chefId: number; manages: boolean }) {
  const holidays = useHolidays(chefId);
  const write = useCalendarWrite(chefId);
  const id = useId();
  return (
    <div className="partner-calendar-holidays" aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`} className="partner-calendar-h3">
        Statutory holidays{holidays.data ? ` (${holidays.data.region})` : ''}
      </h3>
      {holidays.isPending ? (
        <Loading label="Loading the holidays…" />
      ) : holidays.isError ? (
        <Failed title="We could not load the holidays" error={holidays.error} onRetry={() => void holidays.refetch()} />
      ) : holidays.data.holidays.length === 0 ? (
        <p className="muted">No statutory holidays in the next 12 months.</p>
      ) : (
        <ul className="partner-calendar-closures">
          {holidays.data.holidays.map((h) => (
            <li key={`${h.date} ${h.name}`}>
              <span>
                <strong>{dayText(h.date)}</strong>
                <span className="muted"> · {h.name}</span>
              </span>
              {h.closureId !== null ? (
                <span className="partner-calendar-taken">Closed</span>
              ) : manages ? (
                <Button
                  variant="secondary"
                  className="btn-sm"
                  busy={
                    write.isPending &&
                    write.variables?.kind === 'addClosure' &&
                    write.variables.body.starts_on === h.date
                  }
                  onClick={() =>
                    write.mutate(
                      {
                        kind: 'addClosure',
                        body: {
                          starts_on: h.date,
                          ends_on: h.date,
                          reason: h.name,
                          windows: null,
                          holiday: `${h.date} ${h.name}`,
                        },
                      },
                      { onSuccess: () => notifySuccess(`Closed on ${h.name}.`) },
                    )
                  }
                >
                  Close<span className="visually-hidden"> on {h.name}</span>
                </Button>
              ) : (
                <span className="muted">Open</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {write.isError ? <ErrorList messages={errorMessages(write.error)} /> : null}
    </div>
  );
}

function OrderingForm({ chefId, calendar, manages }: PanelProps) {
  const write = useCalendarWrite(chefId);
  const id = useId();
  const [notice, setNotice] = useState(String(calendar.ordering.noticeHours));
  const [minimum, setMinimum] = useState((calendar.ordering.minOrderCents / 100).toFixed(2));
  const [errors, setErrors] = useState<{ notice?: string; minimum?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const hours = /^\d{1,3}$/.test(notice.trim()) && Number(notice) <= 336 ? Number(notice) : null;
    const cents = typedDollarsToCents(minimum);
    const found: typeof errors = {};
    if (hours === null) found.notice = calendarPageMessages.noticeNeeded;
    if (cents === null || cents < 0) found.minimum = calendarPageMessages.minimumNeeded;
    setErrors(found);
    if (hours === null || cents === null || cents < 0) return;
    write.mutate(
      { kind: 'ordering', body: { notice_hours: hours, min_order_cents: cents } },
      { onSuccess: () => notifySuccess('Lead time and minimum saved.') },
    );
  };
  const field = (key: 'notice' | 'minimum', label: string, value: string, set: (v: string) => void, hint: string) => (
    <div className={errors[key] ? 'field field-invalid' : 'field'}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        inputMode={key === 'notice' ? 'numeric' : 'decimal'}
        value={value}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`${id}-${key}-${errors[key] ? 'error' : 'hint'}`}
        onChange={(e) => set(e.target.value)}
      />
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="field-error">
          {errors[key]}
        </p>
      ) : (
        <p id={`${id}-${key}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
  return (
    <form className="partner-panel form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="partner-subtitle">
        Lead time and minimum order
      </h2>
      <fieldset className="partner-calendar-plain" disabled={!manages}>
        <legend className="visually-hidden">Ordering rules</legend>
        <div className="form-row">
          {field('notice', 'Lead time (hours)', notice, setNotice, 'How long before delivery an order must be placed.')}
          {field(
            'minimum',
            'Minimum order ($)',
            minimum,
            setMinimum,
            `Now ${formatCents(calendar.ordering.minOrderCents)}; 0 for none.`,
          )}
        </div>
      </fieldset>
      <ErrorList messages={write.isError ? errorMessages(write.error) : []} />
      {manages ? (
        <Button type="submit" busy={write.isPending}>
          Save
        </Button>
      ) : null}
    </form>
  );
}
