import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { reportKeys, type ReportPage } from '../api/get-user-catering-orders';
import { ReportsPage } from './reports-page';

// The Delivery Date column shows the server's text (issue 17 part 5): the page used to format the
// instant itself with the browser's Intl, whose time zone data may be older than the server's, so
// the date shown could differ from the date the server's filter files the order under (a
// Vancouver order at 00:30 on 2026-12-01 reads Nov 30, 11:30 PM with pre-2026 data).

function render(rows: ReportPage['userCateringOrders']) {
  const client = new QueryClient();
  const data: ReportPage = { userCateringOrders: rows, pagination: { perPage: 10, totalCount: rows.length, totalPages: 1 } };
  client.setQueryData(reportKeys.list({ page: 1 }), data);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ReportsPage orderHref={(slug, id) => `/chefs/${slug}/${id}`} />
    </QueryClientProvider>,
  );
  return [...html.matchAll(/<td data-label="Delivery Date">([^<]*)<\/td>/g)].map((m) => m[1]);
}

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
