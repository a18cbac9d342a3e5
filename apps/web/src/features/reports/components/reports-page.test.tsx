import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { reportKeys } from '@caterway/contracts/client';
import { reportMessages } from '@caterway/domain';
import { configureApiClient } from '../../../lib/api-client';
import { browserExport, exportSpendCsv, spendCsvFileName } from '../api/export-spend-csv';
import type { ReportPage } from '../api/get-user-catering-orders';
import { ReportsPage } from './reports-page';

// The Delivery Date column shows the server's text (issue 17 part 5): the page used to format the
// instant itself with the browser's Intl, whose time zone data may be older than the server's, so
// the date shown could differ from the date the server's filter files the order under (a
// Vancouver order at 00:30 on 2026-12-01 reads Nov 30, 11:30 PM with pre-2026 data).

function markup(rows: ReportPage['userCateringOrders']) {
  const client = new QueryClient();
  const data: ReportPage = {
    userCateringOrders: rows,
    pagination: { perPage: 10, totalCount: rows.length, totalPages: 1 },
  };
  client.setQueryData(reportKeys.list({ page: 1 }), data);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ReportsPage orderHref={(slug, id) => `/chefs/${slug}/${id}`} />
    </QueryClientProvider>,
  );
}
const render = (rows: ReportPage['userCateringOrders']) =>
  [...markup(rows).matchAll(/<td data-label="Delivery Date"[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);

const row = (id: number, orderDateTime: string, timeZone: string, displayDeliveryDateTime: string) => ({
  id,
  orderDateTime,
  timeZone,
  displayDeliveryDateTime,
  chefName: 'Maple Kitchen',
  totalPrice: 12_345,
  presetSlug: 'maple-lunch',
  invoiceAvailable: false,
  orderNumber: `CW-2026-00000${id}`,
  poNumber: '',
  costCentre: '',
  subtotalCents: 10_925,
  deliveryFeeCents: 0,
  cutleryCents: 0,
  taxLines: [{ name: 'HST', ratePercent: 13, cents: 1_420, jurisdiction: null }],
  tipCents: 0,
  status: 'Accepted',
  statusLabel: 'Accepted',
});

describe('the Reports page Delivery Date', () => {
  it("shows the server's text for each row, not the browser's reading of the instant", () => {
    expect(
      render([
        row(1, '2026-12-01T07:30:00.000Z', 'America/Vancouver', 'Dec 1, 2026, 12:30 AM'),
        row(2, '2026-11-01T06:30:00.000Z', 'America/Toronto', 'Nov 1, 2026, 1:30 AM'),
        row(3, '2026-03-08T07:00:00.000Z', 'America/New_York', 'Mar 8, 2026, 3:00 AM'),
        // a zone this browser does not know: its Intl would throw and take the page down
        row(4, '2026-03-08T07:00:00.000Z', 'Mars/Olympus', 'Mar 8, 2026, 7:00 AM UTC'),
      ]),
    ).toEqual(['Dec 1, 2026, 12:30 AM', 'Nov 1, 2026, 1:30 AM', 'Mar 8, 2026, 3:00 AM', 'Mar 8, 2026, 7:00 AM UTC']);
  });
});

// Export CSV (issue 17 part 3): a real button (keyboard and touch alike) that downloads
// GET api/v2/user/user_catering_orders.csv with the filters shown, as the session's user, and says
// why when the download fails (the server's message, e.g. too many orders, else a generic one).
describe('the Reports page Export CSV', () => {
  afterEach(() => configureApiClient({ getToken: () => null, onUnauthorized: () => {}, fetch: undefined }));

  it('is a button next to the table, and the rows show their PO number and cost centre', () => {
    const html = markup([
      {
        ...row(1, '2026-03-09T16:00:00.000Z', 'America/Toronto', 'Mar 9, 2026, 12:00 PM'),
        poNumber: 'PO-4471',
        costCentre: 'CC 210',
      },
    ]);
    expect(html).toMatch(/<button type="button" class="btn btn-secondary">Export CSV<\/button>/);
    expect(html).toContain('<th scope="col">PO Number <span class="report-ref-cc">/ Cost Centre</span></th>');
    expect(html).toContain(
      '<td data-label="PO / Cost Centre" class="report-ref"><span class="report-ref-lines"><span><span class="visually-hidden">PO number </span>PO-4471</span><span class="report-ref-cc"><span class="visually-hidden">Cost centre </span>CC 210</span></span></td>',
    );
    // a row without either has an empty cell, which a phone's card leaves out
    expect(markup([row(2, '2026-03-09T16:00:00.000Z', 'America/Toronto', 'Mar 9, 2026, 12:00 PM')])).toContain(
      '<td data-label="PO / Cost Centre" class="report-ref"></td>',
    );
  });

  function answering(status: number, body: string, type: string) {
    const calls: { url: string; authorization: string | undefined }[] = [];
    configureApiClient({
      getToken: () => 'session-jwt',
      fetch: ((url: string, init: RequestInit) => {
        calls.push({ url, authorization: (init.headers as Record<string, string>).authorization });
        return Promise.resolve(new Response(body, { status, headers: { 'content-type': type } }));
      }) as unknown as typeof fetch,
    });
    const saved: { bytes: Promise<ArrayBuffer>; filename: string }[] = [];
    const deps = {
      csv: browserExport.csv,
      save: (blob: Blob, filename: string) => saved.push({ bytes: blob.arrayBuffer(), filename }),
      now: () => new Date(2026, 10, 27, 23, 30),
    };
    return { calls, saved, deps };
  }

  it('downloads the CSV of the filters shown (no page, empty ones left out) as caterway-spend-{date}.csv', async () => {
    const csv = '\uFEFFOrder Number,Delivery Date\r\n';
    const f = answering(200, csv, 'text/csv; charset=utf-8');
    expect(await exportSpendCsv({ startDate: '2026-03-01', endDate: ' 2026-03-31 ', company: '' }, f.deps)).toBeNull();
    expect(f.calls).toEqual([
      {
        url: '/api/v2/user/user_catering_orders.csv?start_date=2026-03-01&end_date=2026-03-31',
        authorization: 'Bearer session-jwt',
      },
    ]);
    expect(f.saved.map((s) => s.filename)).toEqual(['caterway-spend-2026-11-27.csv']);
    // the file as the server sent it, BOM included
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await f.saved[0]!.bytes)).toBe(csv);
    expect(spendCsvFileName(new Date(2027, 0, 5))).toBe('caterway-spend-2027-01-05.csv');
  });

  it("says the server's reason when the export is refused, and a generic message when the request fails", async () => {
    const refused = answering(
      422,
      JSON.stringify({ error: '10,001 orders match', messages: ['10,001 orders match'] }),
      'application/json',
    );
    expect(await exportSpendCsv({ company: 'Maple' }, refused.deps)).toBe('10,001 orders match');
    expect(refused.calls[0]!.url).toBe('/api/v2/user/user_catering_orders.csv?company=Maple');
    expect(refused.saved).toEqual([]);
    const offline = {
      csv: () => Promise.reject(new TypeError('Failed to fetch')),
      save: () => {},
      now: () => new Date(),
    };
    expect(await exportSpendCsv({}, offline)).toBe(reportMessages.exportFailed);
  });
});
