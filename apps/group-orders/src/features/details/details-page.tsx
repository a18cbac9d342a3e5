import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { deliveryRefusalOf, type DeliveryRefusal, type GroupOrder } from '@caterway/contracts';
import { lastPickableDate } from '@caterway/domain';
import { CopyLink, ErrorList, LoadError, Loading, StatusBadge, useDocumentTitle } from '@caterway/ui';
import { useGroupOrder, useSaveDetails } from '../../api/group-orders';
import { describeLoadError, errorMessage, isApiError } from '../../lib/api';
import { creatorSession } from '../../lib/creator-auth';
import { SITE_NAME } from '../../lib/site';
import { formatInstant, secondsToTimeInput } from '../../lib/time';
import {
  checkDetails,
  CORPORATE_FIELD_MAX,
  formFromGroupOrder,
  type DetailsForm,
  type FieldErrors,
} from './details-form';

/** /group-orders/{uuid}: the creator completes (or edits) the details and opens ordering. */
export function DetailsPage() {
  const { uuid = '' } = useParams();
  useDocumentTitle('Group order details', SITE_NAME);
  const query = useGroupOrder(uuid);
  if (query.isPending) return <Loading label="Loading the group order…" />;
  if (query.isError) {
    return (
      <LoadError
        describe={describeLoadError}
        error={query.error}
        onRetry={() => void query.refetch()}
        notFound={
          <>
            <h1>Group order not found</h1>
            <p>
              {creatorSession()
                ? 'This group order does not exist or belongs to another account.'
                : 'Sign in on Caterway with the account that created this group order, then open this page again.'}
            </p>
          </>
        }
      />
    );
  }
  return <DetailsEditor key={query.data.uuid} groupOrder={query.data} />;
}

function DetailsEditor({ groupOrder }: { groupOrder: GroupOrder }) {
  const [searchParams] = useSearchParams();
  const [form, setForm] = useState<DetailsForm>(() => formFromGroupOrder(groupOrder, searchParams));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  /** a refused delivery time: why and the server's earliest time, one click away (decision 072) */
  const [refusal, setRefusal] = useState<DeliveryRefusal | null>(null);
  const [saved, setSaved] = useState<string>('');
  const save = useSaveDetails(groupOrder.uuid);
  const session = creatorSession();
  const lat =
    typeof groupOrder.latitude === 'number'
      ? groupOrder.latitude
      : numberOrNull(groupOrder.delivery_params.lat ?? searchParams.get('lat'));
  const lng =
    typeof groupOrder.longitude === 'number'
      ? groupOrder.longitude
      : numberOrNull(groupOrder.delivery_params.lng ?? searchParams.get('lng'));

  useEffect(() => {
    if (!saved) return;
    const t = window.setTimeout(() => setSaved(''), 5000);
    return () => window.clearTimeout(t);
  }, [saved]);

  const set = (field: keyof DetailsForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (openOrdering: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    setServerErrors([]);
    setRefusal(null);
    const checked = checkDetails(form, { latitude: lat, longitude: lng, openOrdering });
    if (!checked.ok) {
      setErrors(checked.errors);
      // focus the first field that needs attention
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(`field-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(checked.body, {
      onSuccess: (go) =>
        setSaved(
          go.status === 'accepting' ? 'Saved. Ordering is open: share the link with your team.' : 'Details saved.',
        ),
      onError: (e) => {
        setServerErrors(isApiError(e) && e.status < 500 && e.messages.length > 0 ? e.messages : [errorMessage(e)]);
        setRefusal(isApiError(e) && e.status === 422 ? deliveryRefusalOf(e.body) : null);
      },
    });
  };

  /** the one click: the earliest time into the date and time fields; Save then goes through */
  const chooseEarliest = (earliest: NonNullable<DeliveryRefusal['earliest_available']>) => {
    setForm((f) => ({
      ...f,
      deliveryDate: earliest.delivery_date,
      deliveryTime: secondsToTimeInput(earliest.delivery_seconds),
    }));
    setErrors((e) => ({ ...e, deliveryDate: undefined, deliveryTime: undefined }));
    setServerErrors([]);
    setRefusal(null);
    setSaved(`Delivery set to ${earliest.text}. Save to keep it.`);
  };

  const editable = groupOrder.editable;
  const opening = groupOrder.status !== 'accepting';
  return (
    <div className="details-page">
      <div className="page-head">
        <div>
          <p className="eyebrow">Group order from {groupOrder.chef_name || groupOrder.preset_name}</p>
          <h1>{groupOrder.name || 'Your group order'}</h1>
        </div>
        <StatusBadge status={groupOrder.status} label={groupOrder.status_label} />
      </div>
      {groupOrder.status === 'canceled' || groupOrder.status === 'declined' ? null : (
        <ol className="steps" aria-label="Progress">
          {(['created', 'detail_entered', 'accepting'] as const).map((s, i) => (
            <li
              key={s}
              className={stepClass(groupOrder.status, i)}
              aria-current={groupOrder.status === s ? 'step' : undefined}
            >
              {['Started', 'Details entered', 'Taking orders'][i]}
            </li>
          ))}
        </ol>
      )}

      {groupOrder.status === 'accepting' ? (
        <section className="panel share-panel" aria-labelledby="share-heading">
          <h2 id="share-heading">Share with your team</h2>
          <p>
            Team members choose one individually packaged meal within the budget until{' '}
            <strong>{formatInstant(groupOrder.cutoff_at, groupOrder.time_zone)}</strong>.
          </p>
          <CopyLink url={groupOrder.share_url} label="Share link" />
        </section>
      ) : null}

      {session ? (
        <p className="page-links">
          <Link to={`/grouporder-dashboard/${groupOrder.creator_id}`}>Go to your group order dashboard</Link>
        </p>
      ) : null}

      {!editable ? (
        <div className="alert alert-info" role="status">
          This group order can no longer be changed.
        </div>
      ) : null}

      <form className="panel details-form" noValidate onSubmit={submit(true)} aria-labelledby="details-heading">
        <h2 id="details-heading">Group order details</h2>
        <fieldset disabled={!editable || save.isPending}>
          <legend>Ordering</legend>
          <div className="grid">
            <Field
              form={form}
              errors={errors}
              set={set}
              name="name"
              label="Group order name"
              hint="Optional, e.g. Team lunch"
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="headCount"
              label="Head count"
              type="number"
              inputMode="numeric"
              min={1}
              required
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="budget"
              label="Per-person budget ($)"
              inputMode="decimal"
              required
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="gapDays"
              label="Gap days"
              type="number"
              inputMode="numeric"
              min={1}
              required
              hint="How many days before delivery ordering closes (at least 1)"
            />
            <Field form={form} errors={errors} set={set} name="cutoffTime" label="Cut-off time" type="time" required />
          </div>
        </fieldset>
        <fieldset disabled={!editable || save.isPending}>
          <legend>Delivery</legend>
          <div className="grid">
            <Field
              form={form}
              errors={errors}
              set={set}
              name="deliveryDate"
              label="Delivery date"
              type="date"
              max={lastPickableDate(new Date())}
              required
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="deliveryTime"
              label="Delivery time"
              type="time"
              required
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="deliveryAddress"
              label="Delivery address"
              required
              wide
              autoComplete="street-address"
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="deliverySuiteAddress"
              label="Suite, floor or unit"
              autoComplete="address-line2"
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="companyName"
              label="Company"
              autoComplete="organization"
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="deliveryContactPerson"
              label="Contact person"
              required
              autoComplete="name"
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="deliveryPhoneNumber"
              label="Contact phone"
              type="tel"
              required
              autoComplete="tel"
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="deliveryInstruction"
              label="Delivery instructions"
              multiline
              wide
            />
          </div>
        </fieldset>
        <fieldset disabled={!editable || save.isPending}>
          <legend>Billing</legend>
          <div className="grid">
            <Field
              form={form}
              errors={errors}
              set={set}
              name="poNumber"
              label="PO number"
              hint="Optional"
              maxLength={CORPORATE_FIELD_MAX}
            />
            <Field
              form={form}
              errors={errors}
              set={set}
              name="costCentre"
              label="Cost centre"
              hint="Optional"
              maxLength={CORPORATE_FIELD_MAX}
            />
          </div>
        </fieldset>
        <ErrorList messages={serverErrors} />
        {refusal ? (
          <div className="too-soon">
            <p>
              <strong>{refusal.why}</strong>
            </p>
            {refusal.earliest_available ? (
              <button type="button" className="btn" onClick={() => chooseEarliest(refusal.earliest_available!)}>
                {refusal.earliest_available.label}
              </button>
            ) : null}
          </div>
        ) : null}
        <p className="save-status" role="status" aria-live="polite">
          {saved}
        </p>
        {editable ? (
          <div className="actions">
            {opening ? (
              <button type="button" className="btn btn-ghost" onClick={submit(false)} disabled={save.isPending}>
                Save details
              </button>
            ) : null}
            <button type="submit" className="btn" disabled={save.isPending} aria-busy={save.isPending || undefined}>
              {save.isPending ? 'Saving…' : opening ? 'Save and open ordering' : 'Save changes'}
            </button>
          </div>
        ) : null}
      </form>
    </div>
  );
}

function numberOrNull(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

const ORDER = ['created', 'detail_entered', 'accepting'];
function stepClass(status: string, index: number): string {
  const at = ORDER.indexOf(status);
  if (at === -1 || index < at) return 'step step-done';
  return index === at ? 'step step-current' : 'step';
}

interface FieldProps {
  form: DetailsForm;
  errors: FieldErrors;
  set: (field: keyof DetailsForm) => (value: string) => void;
  name: keyof DetailsForm;
  label: string;
  type?: string;
  inputMode?: 'numeric' | 'decimal';
  min?: number;
  /** the latest value a date field offers ('yyyy-MM-dd') */
  max?: string;
  required?: boolean;
  hint?: string;
  wide?: boolean;
  multiline?: boolean;
  autoComplete?: string;
  maxLength?: number;
}

function Field({
  form,
  errors,
  set,
  name,
  label,
  type = 'text',
  inputMode,
  min,
  max,
  required,
  hint,
  wide,
  multiline,
  autoComplete,
  maxLength,
}: FieldProps) {
  const hintId = useId();
  const errorId = useId();
  const error = errors[name];
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id: `field-${name}`,
    name,
    value: form[name],
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    autoComplete,
    maxLength,
  };
  let control: ReactNode;
  if (multiline) control = <textarea {...common} rows={3} onChange={(e) => set(name)(e.target.value)} />;
  else
    control = (
      <input
        {...common}
        type={type}
        inputMode={inputMode}
        min={min}
        max={max}
        onChange={(e) => set(name)(e.target.value)}
      />
    );
  return (
    <div className={`field${wide ? ' field-wide' : ''}${error ? ' field-error' : ''}`}>
      <label htmlFor={`field-${name}`}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control}
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
