import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCents, formatRateBps, parseIsoDate } from '@caterway/domain';
import { Button, ErrorList, Loading, TextField } from '@caterway/ui';
import { useRestaurant } from '../api/restaurants';
import {
  useCommission,
  useSetCommission,
  useStatement,
  useStatementDownload,
  type Commission,
  type Statement,
  type StatementLine,
  type StatementPeriodKind,
} from '../api/statements';
import { hasRole } from '../api/types';
import { portalPaths } from '../portal-paths';
import { errorMessages, usePortalTitle } from './portal-common';

const shortDay = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric' });
const longDay = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', year: 'numeric' });
/** 'Nov 10' (or 'Nov 10, 2026' when `long`) for a 'yyyy-MM-dd' day, read as that calendar day. */
const dayLabel = (date: string, long = false) => {
  const d = parseIsoDate(date);
  return d ? (long ? longDay : shortDay).format(d) : date;
};
const money = (cents: number) => formatCents(cents);

/**
 * /partner/:chefId/statements (owners, managers and operations; decision 057): a week or a month
 * of delivered orders, what Caterway keeps and what it owes. The period lives in the address
 * (?period=week&start=yyyy-MM-dd), so the back button and a shared link keep it.
 */
export function StatementsPage({ chefId }: { chefId: number }) {
  usePortalTitle('Statements');
  const restaurant = useRestaurant(chefId);
  const role = restaurant.data?.role;
  const allowed = role !== undefined && hasRole(role, 'manager');
  const [params, setParams] = useSearchParams();
  const period: StatementPeriodKind = params.get('period') === 'week' ? 'week' : 'month';
  const start = params.get('start') ?? undefined;
  const statement = useStatement(chefId, { period, ...(start ? { start } : {}) }, allowed);
  const download = useStatementDownload(chefId);
  const titleId = useId();

  const go = (next: { period?: StatementPeriodKind; start?: string }) => {
    const query = new URLSearchParams();
    const p = next.period ?? period;
    if (p !== 'month') query.set('period', p);
    if (next.start) query.set('start', next.start);
    setParams(query);
  };

  if (restaurant.isPending) {
    return (
      <section className="container page partner-page page-loading">
        <Loading label="Loading the statements…" />
      </section>
    );
  }
  if (!allowed) {
    return (
      <section className="container page partner-page" aria-labelledby={titleId}>
        <div className="partner-panel partner-centered">
          <h1 id={titleId}>Statements</h1>
          <p>Statements are for the restaurant&rsquo;s owner and managers.</p>
          <Link className="btn btn-primary" to={portalPaths.orders(chefId)}>
            Go to the orders
          </Link>
        </div>
      </section>
    );
  }

  const s = statement.data;
  const shown = s?.period;
  return (
    <section className="container page partner-page" aria-labelledby={titleId}>
      <div className="partner-statement-head">
        <h1 id={titleId}>Statements</h1>
        <div className="partner-statement-downloads">
          <Button
            variant="secondary"
            disabled={!shown || download.isPending}
            onClick={() => shown && download.mutate({ format: 'csv', period: shown.period, start: shown.start })}
          >
            Download CSV
          </Button>
          <Button
            variant="secondary"
            disabled={!shown || download.isPending}
            onClick={() => shown && download.mutate({ format: 'pdf', period: shown.period, start: shown.start })}
          >
            Download PDF
          </Button>
        </div>
      </div>
      {download.isError ? (
        <p className="partner-statement-alert" role="alert">
          The file could not be downloaded. {errorMessages(download.error).join(' ')}
        </p>
      ) : null}

      <div className="partner-statement-nav">
        <div className="partner-segmented" role="group" aria-label="Period">
          {(['week', 'month'] as const).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              onClick={() => go({ period: p, ...(shown ? { start: shown.start } : {}) })}
            >
              {p === 'week' ? 'Week' : 'Month'}
            </button>
          ))}
        </div>
        <div className="partner-period">
          <Button
            variant="secondary"
            className="partner-period-step"
            aria-label="Previous period"
            disabled={!s}
            onClick={() => s && go({ start: s.previous.start })}
          >
            ‹
          </Button>
          <p className="partner-period-label" aria-live="polite">
            {shown ? (
              <>
                <strong>{shown.label}</strong>
                <span className="partner-muted">
                  {dayLabel(shown.start)} – {dayLabel(shown.end, true)}
                </span>
              </>
            ) : (
              <span className="partner-placeholder">&nbsp;</span>
            )}
          </p>
          <Button
            variant="secondary"
            className="partner-period-step"
            aria-label="Next period"
            disabled={!s?.next}
            onClick={() => s?.next && go({ start: s.next.start })}
          >
            ›
          </Button>
        </div>
        {s && s.periodsWithOrders.length > 0 ? (
          <label className="partner-period-jump">
            <span>Periods with orders</span>
            <select
              value={s.periodsWithOrders.some((p) => p.start === shown?.start) ? shown?.start : ''}
              onChange={(e) => e.target.value && go({ start: e.target.value })}
            >
              <option value="">Choose…</option>
              {s.periodsWithOrders.map((p) => (
                <option key={p.start} value={p.start}>
                  {p.label} ({p.orders} {p.orders === 1 ? 'order' : 'orders'})
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>

      {statement.isPending ? (
        <Loading label="Loading the statement…" />
      ) : statement.isError ? (
        <div className="partner-list-error" role="alert">
          <p>{errorMessages(statement.error).join(' ')}</p>
          <Button variant="secondary" onClick={() => void statement.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <StatementBody statement={statement.data} stale={statement.isPlaceholderData} />
      )}

      <CommissionPanel chefId={chefId} />
    </section>
  );
}

function StatementBody({ statement: s, stale }: { statement: Statement; stale: boolean }) {
  const t = s.totals;
  const currency = s.currency.toUpperCase();
  return (
    <div className="partner-statement" aria-busy={stale}>
      <dl className="partner-figures">
        <Figure label="Orders" value={String(t.orders)} />
        <Figure label="Gross food sales" value={money(t.foodCents)} />
        <Figure label="Delivery fees" value={money(t.deliveryFeeCents)} />
        <Figure label="Taxes collected" value={money(t.taxCents)} />
        <Figure label="Tips" value={money(t.tipCents)} />
        <Figure label="Caterway commission" value={`−${money(t.commissionCents)}`} />
        <Figure label={`Net owed (${currency})`} value={money(t.netCents)} strong />
      </dl>
      {s.lines.length === 0 ? (
        <p className="partner-empty empty-state">No orders in this period.</p>
      ) : (
        <>
          <table className="partner-statement-lines">
            <caption className="visually-hidden">Delivered orders, {s.period.label}</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Delivered</th>
                <th scope="col">Customer</th>
                {amountColumns.map((c) => (
                  <th key={c.key} scope="col" className="num">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l) => (
                <Line key={l.orderId} line={l} />
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                {amountColumns.map((c) => (
                  <td key={c.key} className="num" data-label={c.label}>
                    {c.key === 'netCents' ? <strong>{c.text(t[c.key])}</strong> : c.text(t[c.key])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
          <p className="partner-muted partner-statement-note">
            Orders count on their delivery day in the restaurant&rsquo;s time zone ({s.restaurant.timeZone}); cancelled
            and declined orders are not included. Commission is charged on food only.
            {s.lines.some((l) => l.shared)
              ? ' * Shared with another restaurant: the delivery fee, cutlery, taxes and tip are split by each restaurant’s food.'
              : ''}
          </p>
        </>
      )}
    </div>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'partner-figure partner-figure-strong' : 'partner-figure'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The money columns of the lines and the total row, in order. */
const amountColumns = [
  { key: 'foodCents', label: 'Food' },
  { key: 'deliveryFeeCents', label: 'Delivery' },
  { key: 'taxCents', label: 'Taxes' },
  { key: 'tipCents', label: 'Tip' },
  { key: 'commissionCents', label: 'Commission' },
  { key: 'netCents', label: 'Net' },
].map((c) => ({
  ...c,
  key: c.key as 'foodCents' | 'deliveryFeeCents' | 'taxCents' | 'tipCents' | 'commissionCents' | 'netCents',
  text: (cents: number) => (c.key === 'commissionCents' ? `−${money(cents)}` : money(cents)),
}));

function Line({ line: l }: { line: StatementLine }) {
  return (
    <tr>
      <th scope="row" data-label="Order">
        {l.orderNumber}
        {l.shared ? (
          <span className="partner-muted" title="Shared with another restaurant">
            {' '}
            *
          </span>
        ) : null}
      </th>
      <td data-label="Delivered">{dayLabel(l.deliveryDate)}</td>
      <td data-label="Customer" className="partner-statement-customer">
        {l.customer}
      </td>
      {amountColumns.map((c) => (
        <td
          key={c.key}
          className={c.key === 'netCents' ? 'num partner-statement-net' : 'num'}
          data-label={c.key === 'commissionCents' ? `${c.label} (${formatRateBps(l.commissionRateBps)})` : c.label}
        >
          {c.text(l[c.key])}
        </td>
      ))}
    </tr>
  );
}

/** The rate in force and its history; operations set a new one from a day on. */
function CommissionPanel({ chefId }: { chefId: number }) {
  const commission = useCommission(chefId, true);
  const titleId = useId();
  return (
    <section className="partner-panel partner-commission" aria-labelledby={titleId}>
      <h2 id={titleId} className="partner-subtitle">
        Caterway commission
      </h2>
      {commission.isPending ? (
        <Loading label="Loading the commission…" />
      ) : commission.isError ? (
        <div className="partner-list-error" role="alert">
          <p>{errorMessages(commission.error).join(' ')}</p>
          <Button onClick={() => void commission.refetch()}>Try again</Button>
        </div>
      ) : (
        <CommissionDetails chefId={chefId} commission={commission.data} />
      )}
    </section>
  );
}

function CommissionDetails({ chefId, commission: c }: { chefId: number; commission: Commission }) {
  return (
    <>
      <p>
        <strong className="partner-commission-rate">{formatRateBps(c.currentBps)}</strong> of food sales, at the rate in
        force on each order&rsquo;s delivery day.
        {c.history.length === 0 ? ` This is the standard rate.` : null}
      </p>
      {c.history.length > 0 ? (
        <ul className="partner-commission-history">
          {c.history.map((h) => (
            <li key={h.effectiveFrom}>
              {formatRateBps(h.rateBps)} from {dayLabel(h.effectiveFrom, true)}
              {h.setBy ? <span className="partner-muted"> · set by {h.setBy}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {c.canEdit ? <CommissionForm chefId={chefId} /> : <p className="partner-muted">Set by Caterway operations.</p>}
    </>
  );
}

const RATE = /^\d{1,3}(\.\d{1,2})?$/;
/** '12.5' → 1250 basis points; null when it is not a percent from 0 to 100 with at most 2 decimals. */
export function percentToBps(value: string): number | null {
  const v = value.trim().replace(/%$/, '').trim();
  if (!RATE.test(v)) return null;
  const [whole, fraction = ''] = v.split('.');
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bps <= 10_000 ? bps : null;
}

function CommissionForm({ chefId }: { chefId: number }) {
  const save = useSetCommission(chefId);
  const [rate, setRate] = useState('');
  const [from, setFrom] = useState('');
  const [errors, setErrors] = useState<{ rate?: string; from?: string }>({});
  const [saved, setSaved] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const bps = percentToBps(rate);
    const next = {
      ...(bps === null ? { rate: 'Enter a rate from 0 to 100, like 15 or 12.5.' } : {}),
      ...(parseIsoDate(from) ? {} : { from: 'Choose the first day the rate applies.' }),
    };
    setErrors(next);
    if (bps === null || next.from) return;
    save.mutate({ rate_bps: bps, effective_from: from }, { onSuccess: () => setSaved(true) });
  };

  return (
    <form className="partner-commission-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="New rate (%)"
        inputMode="decimal"
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        error={errors.rate}
      />
      <TextField
        label="From (today or later)"
        type="date"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        error={errors.from}
      />
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Set rate'}
      </Button>
      {save.isError ? <ErrorList messages={errorMessages(save.error)} /> : null}
      {saved ? (
        <p className="partner-muted" role="status">
          The rate is saved.
        </p>
      ) : null}
    </form>
  );
}
