// The spend report's Delivery Date (issue 17 part 5): the Reports page used to format each row's
// instant in the browser with Intl for the order's zone, while the server files the same instant
// on a local date for the date filter with the domain's zone functions (decision 025). The server
// now sends the text; these check that it is what the page printed, and that its date is the one
// the filter files the order under, across the 2026 DST changes.
import { describe, expect, it } from 'vitest';
import { localDateOf } from '@caterway/domain';
import { zoneWindows } from '../../db/local-date-filter.js';
import { fixedClock } from '../../lib/clock.js';
import type { ReportsRepository, SpendRow } from './reports.repository.js';
import { createReportsService } from './reports.service.js';
import { spendRow } from './reports.test-helpers.js';

/** The page's former formatter, as a browser with current time zone data runs it. */
const pageFormat = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
    .format(new Date(instant))
    .replace(/\u202f/g, ' ');

/** The report of `rows` as the API answers it, from a repository that holds just them. */
async function report(rows: Pick<SpendRow, 'delivery_at' | 'time_zone'>[]) {
  const full: SpendRow[] = rows.map((r, i) => ({ ...spendRow(i + 1), ...r }));
  const reports = {
    countSpend: () => Promise.resolve(full.length),
    findSpendPage: () => Promise.resolve(full),
  } as unknown as ReportsRepository;
  return (
    await createReportsService({ reports, clock: fixedClock(new Date('2026-03-02T14:00:00Z')), perPage: 10_000 }).spend(
      1,
      { page: 1 },
    )
  ).user_catering_orders;
}

const ZONES = ['America/Toronto', 'America/Vancouver', 'America/New_York', 'Europe/London'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const isoDateOfText = (text: string) => {
  const [, month, day, year] = /^(\w{3}) (\d{1,2}), (\d{4}), /.exec(text)!;
  return `${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
};

describe("the spend report formats delivery times as the Reports page did, on the filter's dates", () => {
  it('across the 2026 changes in Toronto, Vancouver, New York (and London, which moves none of them)', async () => {
    const rows: { delivery_at: Date; time_zone: string }[] = [];
    // every 15 minutes over the three days around 2026-03-08, 2026-03-29 and 2026-11-01
    for (const day of ['2026-03-08', '2026-03-29', '2026-11-01']) {
      const from = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
      for (let t = from; t < from + 3 * 86_400_000; t += 15 * 60_000)
        for (const zone of ZONES) rows.push({ delivery_at: new Date(t), time_zone: zone });
    }
    const out = await report(rows);
    expect(out).toHaveLength(rows.length);
    for (const row of out) {
      const label = `${row.order_date_time} ${row.time_zone}`;
      // the web's formatter and the server's agree
      expect(row.display_delivery_date_time, label).toBe(pageFormat(row.order_date_time, row.time_zone));
      // and the date shown is the one a start_date = end_date filter on it finds the order under
      const date = isoDateOfText(row.display_delivery_date_time);
      expect(date, label).toBe(localDateOf(new Date(row.order_date_time), row.time_zone));
      const w = zoneWindows([row.time_zone], date, date);
      const at = new Date(row.order_date_time);
      expect(at >= w.starts[0]! && at < w.ends[0]!, label).toBe(true);
    }
  });

  it('pins the hours around each change (tz data 2026e: British Columbia stays on UTC-7)', async () => {
    const cases: [string, string, string][] = [
      ['2026-03-08T06:59:00Z', 'America/Toronto', 'Mar 8, 2026, 1:59 AM'],
      ['2026-03-08T07:00:00Z', 'America/Toronto', 'Mar 8, 2026, 3:00 AM'],
      ['2026-11-01T05:30:00Z', 'America/New_York', 'Nov 1, 2026, 1:30 AM'],
      ['2026-11-01T06:30:00Z', 'America/New_York', 'Nov 1, 2026, 1:30 AM'],
      ['2026-03-08T10:00:00Z', 'America/Vancouver', 'Mar 8, 2026, 3:00 AM'],
      ['2026-11-01T09:30:00Z', 'America/Vancouver', 'Nov 1, 2026, 2:30 AM'],
      // decision 025's order: a browser with pre-2026 data shows 'Nov 30, 2026, 11:30 PM'
      ['2026-12-01T07:30:00Z', 'America/Vancouver', 'Dec 1, 2026, 12:30 AM'],
      ['2026-03-29T01:00:00Z', 'Europe/London', 'Mar 29, 2026, 2:00 AM'],
      ['2026-03-29T01:00:00Z', 'America/Toronto', 'Mar 28, 2026, 9:00 PM'],
    ];
    const out = await report(cases.map(([iso, zone]) => ({ delivery_at: new Date(iso), time_zone: zone })));
    expect(
      out.map((r) => [r.order_date_time.replace('.000Z', 'Z'), r.time_zone, r.display_delivery_date_time]),
    ).toEqual(cases);
  });

  it('says UTC for a zone the runtime does not know, rather than failing the page', async () => {
    const [row] = await report([{ delivery_at: new Date('2026-03-08T07:00:00Z'), time_zone: 'Mars/Olympus' }]);
    expect(row!.display_delivery_date_time).toBe('Mar 8, 2026, 7:00 AM UTC');
  });
});
