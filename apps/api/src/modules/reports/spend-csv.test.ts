// The spend report's CSV (issue 17 part 3; docs/decisions/035): the exact bytes a spreadsheet
// opens, for a Quebec order (GST and QST), an Ontario one (HST) and cells that need quoting or
// would run as formulas.
import { describe, expect, it } from 'vitest';
import { SPEND_EXPORT_MAX_ROWS, reportMessages } from '@caterway/domain';
import { fixedClock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { ReportsRepository } from './reports.repository.js';
import { createReportsService } from './reports.service.js';
import { spendRow } from './reports.test-helpers.js';
import { dollars, spendCsv, taxColumns } from './spend-csv.js';

const BOM = '\uFEFF';
const text = (row: { delivery_at: Date }) => `at ${row.delivery_at.toISOString()}`;

const montreal = spendRow(1, {
  chef_name: 'Bistro Montréal',
  delivery_at: new Date('2026-03-10T16:00:00Z'),
  po_number: 'PO-77',
  cost_centre: 'CC 210',
  subtotal_cents: 10_000,
  delivery_fee_cents: 1_500,
  cutlery_cents: 250,
  tax_lines: [
    { name: 'GST', rate_percent: '5', cents: 588, jurisdiction: null },
    { name: 'QST', rate_percent: '9.975', cents: 1_172, jurisdiction: null },
  ],
  tip_cents: 1_500,
  total_cents: 15_010,
  status: 'DeliveryReady',
});
const toronto = spendRow(2, {
  subtotal_cents: 123_400,
  tax_lines: [{ name: 'HST', rate_percent: 13, cents: 16_042, jurisdiction: null }],
  total_cents: 139_442,
});

describe('spendCsv', () => {
  it('writes a BOM, a header row and one CRLF-ended row per order; a tax column for each tax that occurs', () => {
    expect(spendCsv([montreal, toronto], text)).toBe(
      BOM +
        [
          'Order Number,Delivery Date,Vendor,PO Number,Cost Centre,Subtotal,Delivery Fee,Cutlery,GST,HST,QST,Tip,Total,Currency,Status',
          'CW-2026-000001,at 2026-03-10T16:00:00.000Z,Bistro Montréal,PO-77,CC 210,100.00,15.00,2.50,5.88,,11.72,15.00,150.10,CAD,Delivery Ready',
          'CW-2026-000002,at 2026-03-09T16:00:00.000Z,Chef,,,1234.00,0.00,0.00,,160.42,,0.00,1394.42,CAD,Accepted',
          '',
        ].join('\r\n'),
    );
  });

  it("has no tax column without taxes; one column per name, alphabetical, summing an order's lines of that name", () => {
    expect(spendCsv([spendRow(3)], text).split('\r\n')[0]).toBe(
      `${BOM}Order Number,Delivery Date,Vendor,PO Number,Cost Centre,Subtotal,Delivery Fee,Cutlery,Tip,Total,Currency,Status`,
    );
    const seattle = spendRow(4, {
      currency: 'usd',
      tax_lines: [
        { name: 'Sales Tax', rate_percent: 6.5, cents: 65, jurisdiction: 'WA' },
        { name: 'Sales Tax', rate_percent: 4.05, cents: 41, jurisdiction: 'Seattle, WA' },
      ],
      total_cents: 1_106,
    });
    expect(taxColumns([seattle, montreal, toronto])).toEqual(['GST', 'HST', 'QST', 'Sales Tax']);
    expect(spendCsv([seattle], text).split('\r\n')[1]).toBe(
      'CW-2026-000004,at 2026-03-09T16:00:00.000Z,Chef,,,10.00,0.00,0.00,1.06,0.00,11.06,USD,Accepted',
    );
  });

  it('quotes commas, quotes and line breaks (RFC 4180), and keeps cells that start a formula as text', () => {
    const tricky = spendRow(5, {
      chef_name: 'Mom "n" Pop, Ltd.',
      po_number: '=HYPERLINK("http://evil.test","Click")',
      cost_centre: 'Line 1\nLine 2',
      delivery_at: new Date('2026-03-09T16:00:00Z'),
    });
    const [, row] = spendCsv([tricky], () => 'Mar 9, 2026, 11:00 AM').split('\r\n');
    expect(row).toBe(
      'CW-2026-000005,"Mar 9, 2026, 11:00 AM","Mom ""n"" Pop, Ltd.","\'=HYPERLINK(""http://evil.test"",""Click"")","Line 1\nLine 2",10.00,0.00,0.00,0.00,10.00,CAD,Accepted',
    );
    for (const start of ['=', '+', '-', '@']) {
      const cells = spendCsv(
        [spendRow(6, { po_number: `${start}1+1`, cost_centre: `${start}cmd`, chef_name: `${start}Chef` })],
        text,
      )
        .split('\r\n')[1]!
        .split(',');
      expect(cells.slice(2, 5), start).toEqual([`'${start}Chef`, `'${start}1+1`, `'${start}cmd`]);
    }
    // a lone carriage return ends a row in a spreadsheet too: quoted
    expect(spendCsv([spendRow(7, { chef_name: 'A\rB' })], text).split('\r\n')[1]).toContain(',"A\rB",');
  });
});

describe('dollars', () => {
  it('writes cents as dollars with two decimals and no symbol or separator', () => {
    expect([0, 5, 50, 100, 123_450, 100_000_000].map(dollars)).toEqual([
      '0.00',
      '0.05',
      '0.50',
      '1.00',
      '1234.50',
      '1000000.00',
    ]);
  });
});

describe('the CSV export of the report', () => {
  const clock = fixedClock(new Date('2026-11-28T03:00:00Z')); // Nov 27, 10:00 PM in Toronto
  const repository = (count: number) => {
    const calls: { limit: number; offset: number }[] = [];
    const reports = {
      countSpend: () => Promise.resolve(count),
      findSpendPage: (_filter: unknown, page: { limit: number; offset: number }) => {
        calls.push(page);
        return Promise.resolve([montreal]);
      },
    } as unknown as ReportsRepository;
    return { reports, calls };
  };

  it("reads every order in one go and names the file by today's date in Toronto", async () => {
    const { reports, calls } = repository(1);
    const out = await createReportsService({ reports, clock }).spendCsv(1, {});
    expect(out.filename).toBe('caterway-spend-2026-11-27.csv');
    expect(out.csv.split('\r\n')).toHaveLength(3);
    expect(calls).toEqual([{ limit: SPEND_EXPORT_MAX_ROWS, offset: 0 }]);
  });

  it('refuses more orders than the cap with a clear 422 instead of cutting the file short', async () => {
    const { reports, calls } = repository(SPEND_EXPORT_MAX_ROWS + 1);
    const refused = await createReportsService({ reports, clock })
      .spendCsv(1, {})
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(422);
    expect((refused as AppError).message).toBe(reportMessages.tooManyToExport(10_001));
    expect(reportMessages.tooManyToExport(10_001)).toBe(
      '10,001 orders match: at most 10,000 can be exported at once. Please narrow the delivery dates or the vendor.',
    );
    expect(calls).toEqual([]);
    // the cap itself is allowed
    expect(
      (await createReportsService({ reports: repository(SPEND_EXPORT_MAX_ROWS).reports, clock }).spendCsv(1, {}))
        .filename,
    ).toMatch(/\.csv$/);
  });
});
