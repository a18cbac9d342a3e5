import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  opsNewRestaurantBodySchema,
  opsRestaurantStatusBodySchema,
  restaurantTimeZones,
  type OpsNewRestaurantBody,
  type RestaurantStatus,
} from '@caterway/contracts';
import { accountTimeZone } from '@caterway/domain';
import { Button, Modal, ModalActions, TextField } from '@caterway/ui';
import { notify, notifySuccess } from '../../../stores/notifications';
import { useAddRestaurant, useOpsRestaurants, useSetRestaurantStatus, type OpsRestaurant } from '../api/restaurants';
import { errorText } from '../api/types';

// The console's restaurants (issue 19, decision 059): operations add a restaurant (it starts
// onboarding, off the storefront, its owner invited by email), publish it once its team has put
// a priced dish on its menu, and suspend it with a reason (its presets leave the storefront and
// checkout refuses it) or publish it again.

const STATUS_LABELS: Record<RestaurantStatus, string> = {
  onboarding: 'Onboarding',
  live: 'Live',
  suspended: 'Suspended',
};

const FILTERS: { value: RestaurantStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'onboarding', label: 'Onboarding' },
  { value: 'live', label: 'Live' },
  { value: 'suspended', label: 'Suspended' },
];

export function RestaurantsPanel() {
  const titleId = useId();
  const searchId = useId();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<RestaurantStatus | ''>('');
  const [adding, setAdding] = useState(false);
  const restaurants = useOpsRestaurants({ q, status: status || undefined });

  return (
    <section className="ops-restaurants" aria-labelledby={titleId}>
      <div className="ops-section-head">
        <h2 id={titleId} className="ops-escalations-title">
          Restaurants
        </h2>
        <Button onClick={() => setAdding(true)}>Add restaurant</Button>
      </div>
      <div className="ops-range" role="search">
        <div className="ops-field">
          <label htmlFor={searchId}>Name or city</label>
          <input id={searchId} type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={80} />
        </div>
        <div className="ops-filters" role="group" aria-label="Status">
          {FILTERS.map((f) => (
            <button
              key={f.value || 'all'}
              type="button"
              className="ops-filter"
              aria-pressed={status === f.value}
              onClick={() => setStatus(f.value)}
            >
              {f.label}
            </button>
          ))}
        </div>
      </div>
      {restaurants.isError ? (
        <p className="form-alert" role="alert">
          The restaurants could not be loaded: {errorText(restaurants.error)}
        </p>
      ) : restaurants.isPending ? (
        <div className="ops-loading" role="progressbar" aria-label="Loading restaurants">
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : restaurants.data.length === 0 ? (
        <p className="ops-muted">No restaurant matches{q ? ` “${q}”` : ''}.</p>
      ) : (
        <ol className="ops-list ops-restaurant-list" aria-busy={restaurants.isFetching}>
          {restaurants.data.slice(0, 50).map((r) => (
            <li key={r.id}>
              <RestaurantCard restaurant={r} />
            </li>
          ))}
        </ol>
      )}
      {restaurants.data && restaurants.data.length > 50 ? (
        <p className="ops-muted">Showing 50 of {restaurants.data.length}: search by name or city to narrow the list.</p>
      ) : null}
      {adding ? <AddRestaurantDialog onClose={() => setAdding(false)} /> : null}
    </section>
  );
}

function RestaurantCard({ restaurant: r }: { restaurant: OpsRestaurant }) {
  const setStatus = useSetRestaurantStatus();
  const [suspending, setSuspending] = useState(false);
  const publish = () =>
    setStatus.mutate(
      { chefId: r.id, body: { status: 'live' } },
      {
        onSuccess: (next) => notifySuccess(`${next.name} is live.`),
        onError: (error) => notify({ tone: 'error', title: `${r.name} cannot go live`, message: errorText(error) }),
      },
    );
  const team =
    r.team === 0 ? 'No team yet' : `${r.team} ${r.team === 1 ? 'person' : 'people'}${r.hasOwner ? '' : ', no owner'}`;
  return (
    <article className={`ops-restaurant ops-restaurant-${r.status}`}>
      <div className="ops-restaurant-who">
        <h3 className="ops-restaurant-name">{r.name}</h3>
        <p className="ops-restaurant-facts">
          {r.city}, {r.province}
        </p>
      </div>
      <p className="ops-restaurant-facts ops-restaurant-numbers">
        <span className={`ops-status ops-restaurant-status-${r.status}`}>{STATUS_LABELS[r.status]}</span>{' '}
        {r.dishes === 0 ? 'No dishes yet' : `${r.dishes} dish${r.dishes === 1 ? '' : 'es'}`} · {team}
        {r.pendingInvites ? ` · ${r.pendingInvites} invitation${r.pendingInvites === 1 ? '' : 's'} pending` : ''} ·{' '}
        {r.recentOrders} order{r.recentOrders === 1 ? '' : 's'} ±30 days
      </p>
      <div className="ops-actions ops-restaurant-actions">
        <Link
          className="btn btn-secondary btn-sm"
          to={`/partner/${r.id}/orders`}
          aria-label={`Open the portal of ${r.name}`}
        >
          Portal
        </Link>
        {r.status === 'live' ? (
          <Button
            variant="secondary"
            className="btn-sm"
            disabled={setStatus.isPending}
            onClick={() => setSuspending(true)}
            aria-label={`Suspend ${r.name}`}
          >
            Suspend…
          </Button>
        ) : (
          <Button className="btn-sm" busy={setStatus.isPending} onClick={publish} aria-label={`Publish ${r.name}`}>
            {r.status === 'onboarding' ? 'Publish' : 'Publish again'}
          </Button>
        )}
      </div>
      {r.status === 'suspended' && r.statusReason ? (
        <p className="ops-restaurant-reason">Suspended: {r.statusReason}</p>
      ) : null}
      {suspending ? <SuspendDialog restaurant={r} onClose={() => setSuspending(false)} /> : null}
    </article>
  );
}

function SuspendDialog({ restaurant: r, onClose }: { restaurant: OpsRestaurant; onClose: () => void }) {
  const setStatus = useSetRestaurantStatus();
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = opsRestaurantStatusBodySchema.safeParse({ status: 'suspended', reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setStatus.mutate(
      { chefId: r.id, body: parsed.data },
      {
        onSuccess: (next) => {
          notifySuccess(`${next.name} is suspended.`);
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <Modal
      title={`Suspend ${r.name}?`}
      description="Its presets leave the storefront at once and checkout refuses its food. Orders already placed go ahead."
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor={reasonId}>Reason (its team sees it)</label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-autofocus
          />
          {error ? (
            <p id={errorId} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <ModalActions>
          <Button type="submit" busy={setStatus.isPending}>
            Suspend
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Keep it live
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

type Draft = Record<
  | 'businessName'
  | 'description'
  | 'firstName'
  | 'lastName'
  | 'ownerEmail'
  | 'address1'
  | 'address2'
  | 'city'
  | 'province'
  | 'zip'
  | 'cuisine'
  | 'noticeHours',
  string
> & { country: 'CA' | 'US'; timeZone: string };

const EMPTY: Draft = {
  businessName: '',
  description: '',
  firstName: '',
  lastName: '',
  ownerEmail: '',
  address1: '',
  address2: '',
  city: '',
  province: '',
  zip: '',
  cuisine: '',
  noticeHours: '24',
  country: 'CA',
  timeZone: 'America/Toronto',
};

/** The wire field each draft field is checked as (its error shows under it). */
const WIRE: Partial<Record<string, keyof Draft>> = {
  business_name: 'businessName',
  description: 'description',
  first_name: 'firstName',
  last_name: 'lastName',
  owner_email: 'ownerEmail',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  province: 'province',
  zip: 'zip',
  time_zone: 'timeZone',
  cuisine_types: 'cuisine',
  pre_order_notice_hours: 'noticeHours',
};

function AddRestaurantDialog({ onClose }: { onClose: () => void }) {
  const add = useAddRestaurant();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const countryId = useId();
  const zoneId = useId();
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const field = (key: keyof Draft) => ({
    value: draft[key],
    error: errors[key] ?? null,
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: OpsNewRestaurantBody = {
      business_name: draft.businessName,
      description: draft.description,
      first_name: draft.firstName,
      last_name: draft.lastName,
      owner_email: draft.ownerEmail,
      address1: draft.address1,
      address2: draft.address2,
      city: draft.city,
      province: draft.province,
      zip: draft.zip,
      country: draft.country,
      time_zone: draft.timeZone,
      cuisine_types: draft.cuisine
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
      pre_order_notice_hours: Number(draft.noticeHours),
    };
    const parsed = opsNewRestaurantBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = WIRE[String(issue.path[0])];
        if (key && !next[key]) next[key] = issue.message.startsWith('Too small') ? 'Required' : issue.message;
      }
      setErrors(next);
      setFormError('Check the fields marked below.');
      return;
    }
    setErrors({});
    setFormError(null);
    add.mutate(body, {
      onSuccess: (r) => {
        notifySuccess(`${r.name} added. Its owner was invited by email.`);
        onClose();
      },
      onError: (e) => setFormError(errorText(e)),
    });
  };

  return (
    <Modal
      title="Add a restaurant"
      description="It starts as onboarding, off the storefront: its owner is invited to set up the menu, then you publish it."
      onClose={onClose}
    >
      <form className="ops-add-restaurant" onSubmit={submit} noValidate>
        {formError ? (
          <p className="form-alert" role="alert">
            {formError}
          </p>
        ) : null}
        <TextField label="Restaurant name" required maxLength={80} {...field('businessName')} data-autofocus />
        <TextField label="Description" optional maxLength={600} {...field('description')} />
        <div className="ops-form-row">
          <TextField label="Owner's first name" required autoComplete="off" {...field('firstName')} />
          <TextField label="Owner's last name" required autoComplete="off" {...field('lastName')} />
        </div>
        <TextField
          label="Owner's email"
          type="email"
          required
          hint="The invitation to set a password and manage the restaurant goes here."
          {...field('ownerEmail')}
        />
        <TextField label="Street address" required {...field('address1')} />
        <TextField label="Unit or suite" optional {...field('address2')} />
        <div className="ops-form-row">
          <TextField label="City" required {...field('city')} />
          <TextField
            label="Province or state"
            required
            maxLength={2}
            placeholder="ON"
            autoCapitalize="characters"
            {...field('province')}
            onChange={(e) => {
              const province = e.target.value.toUpperCase();
              setDraft((d) => ({
                ...d,
                province,
                timeZone: province.length === 2 ? accountTimeZone(province, d.country) : d.timeZone,
              }));
            }}
          />
          <TextField label="Postal or ZIP code" required maxLength={10} {...field('zip')} />
        </div>
        <div className="ops-form-row">
          <div className="field">
            <label htmlFor={countryId}>Country</label>
            <select
              id={countryId}
              value={draft.country}
              onChange={(e) => setDraft((d) => ({ ...d, country: e.target.value as 'CA' | 'US' }))}
            >
              <option value="CA">Canada</option>
              <option value="US">United States</option>
            </select>
          </div>
          <div className={`field${errors.timeZone ? ' field-invalid' : ''}`}>
            <label htmlFor={zoneId}>Time zone</label>
            <select id={zoneId} value={draft.timeZone} onChange={(e) => set('timeZone')(e.target.value)}>
              {[...new Set([...restaurantTimeZones, draft.timeZone])].map((z) => (
                <option key={z} value={z}>
                  {z.replace('America/', '').replace('Pacific/', '').replace('_', ' ')}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="ops-form-row">
          <TextField
            label="Cuisines"
            optional
            hint="Separated by commas, e.g. Vietnamese, Thai"
            {...field('cuisine')}
          />
          <TextField
            label="Hours of notice"
            type="number"
            min={0}
            max={336}
            inputMode="numeric"
            required
            {...field('noticeHours')}
          />
        </div>
        <ModalActions>
          <Button type="submit" busy={add.isPending}>
            Add and invite the owner
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
