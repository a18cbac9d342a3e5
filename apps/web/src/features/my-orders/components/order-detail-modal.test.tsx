// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addonOrderSchema,
  cateringOrderDetailSchema,
  creditNoteListSchema,
  type AddonOrder,
  type CateringOrderDetail,
  type CreditNoteList,
} from '@caterway/contracts';
import { configureApiClient } from '../../../lib/api-client';
import { quebecTotals } from '../../../test/quebec-order';
import { siteConfig } from '../../../test/wire';
import type { OrderHistoryEntry } from '../api/types';
import { OrderDetailModal } from './order-detail-modal';

// The order detail modal (browse-account-orders §2) shows the server's totals of a Quebec order
// as they were charged: GST and QST each on its own line, the tip after them, and what the
// buyer filled in for their accounts (PO number, cost centre, on-site contact) when present;
// an add-on order's taxes the same way; and the order's credit notes (docs/decisions/034), each
// with its PDF, where the order has an invoice.

/** GET api/v2/catering_orders/31 as the API answers it, checked against its contract. */
function wireOrder(over: Partial<CateringOrderDetail> = {}): CateringOrderDetail {
  return cateringOrderDetailSchema.parse({
    id: 31,
    order_number: 'CW-2026-000031',
    purchase_id: 'pur_31',
    status: 'Accepted',
    preset_id: 7,
    preset_name: 'Montréal lunch',
    chef_id: 1,
    order_type: 'delivery',
    order_date_time: '2026-12-03T16:30:00.000Z',
    delivery_date: '2026-12-03',
    delivery_time: '11:30 AM',
    time_zone: 'America/Toronto',
    display_delivery_date_time: 'Dec 3, 2026 at 11:30 AM',
    order_processing_at: '2026-12-02T16:30:00.000Z',
    delivery_address: '1000 Rue De La Gauchetière O, Montréal, QC',
    delivery_suite_address: '',
    more_detail: '',
    extra_info: { serving_style: 'Family Style', num_cutlery: 0 },
    first_name: 'Dana',
    last_name: 'Park',
    company_name: 'Maple Analytics',
    phone_number: '514-555-0142',
    email: 'dana@example.com',
    preset_items: [],
    purchase_items: [],
    // $100.07 of food, a $12.50 fee: GST $5.63, QST $11.23, an 18% tip of $18.01
    totals: {
      subtotal_cents: 10_007,
      delivery_fee_cents: 1250,
      cutlery_cents: 0,
      tax_cents: 1686,
      total_cents: 10_007 + 1250 + 1686 + 1801,
      tax_name: 'GST+QST',
      tax_rate: 14.975,
      tax_lines: [
        { name: 'GST', rate_percent: 5, cents: 563, jurisdiction: null },
        { name: 'QST', rate_percent: 9.975, cents: 1123, jurisdiction: null },
      ],
      tip_cents: 1801,
    },
    tip_percent: 18,
    total_price: 10_007 + 1250 + 1686 + 1801,
    is_eft: false,
    purchased_with: 'card',
    selected_stripe_payment_method: null,
    payment_status: 'authorized',
    payment_error: null,
    saved_cards: [],
    editable: true,
    edit_rule: { allowed: true, message: null },
    addon_maximum_items_qty: 0,
    parent_order_id: null,
    add_on: null,
    edit_message: null,
    status_label: 'Accepted',
    display_status: null,
    items_total: 10_007,
    delivery_fee: 1250,
    sales_tax: 1686,
    display_delivery_address: '1000 Rue De La Gauchetière O, Montréal, QC',
    is_addon_orders_enabled: false,
    delivery_in_past: false,
    invoice_available: false,
    preset_slug: 'montreal-lunch',
    restaurant_name: 'Maison Verte',
    po_number: 'PO-4471',
    cost_centre: 'CC 310-Marketing',
    onsite_contact_name: 'Sam Lee',
    onsite_contact_phone: '514-555-0199',
    restaurant_messages: [],
    ...over,
  });
}

const entry = {
  id: 31,
  orderNumber: 'CW-2026-000031',
  orderType: 'Catering Order',
  createdAt: '2026-11-20T15:00:00.000Z',
  addonOrdersCount: 0,
} as OrderHistoryEntry;
let againWith: unknown[] = [];
const links = {
  editOrder: () => '/edit',
  addonOrder: () => '/addon',
  addonTooLate: () => '/late',
  orderAgain: (input: unknown) => {
    againWith.push(input);
    return '/preset-detail/montreal-lunch';
  },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const creditNotesPath = '/api/v2/catering_orders/31/credit_notes';
/** the support line's settings (decision 066), which every order names */
const siteConfigPath = '/api/v2/site_config';

/** What the API answers, by path: a body (200), or a function giving the response; anything else is 404. */
let routes: Record<string, unknown>;
/** The paths fetched, in order. */
let fetched: string[];
beforeEach(() => {
  fetched = [];
  configureApiClient({
    fetch: async (input: RequestInfo | URL) => {
      const path = input instanceof Request ? input.url : String(input);
      fetched.push(path);
      const answer = routes[path];
      if (answer === undefined) return json({ error: 'Not found' }, 404);
      return typeof answer === 'function' ? (answer as () => Response | Promise<Response>)() : json(answer);
    },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openModal(
  order: CateringOrderDetail,
  {
    more = {},
    modalEntry = entry,
    upcoming = true,
  }: { more?: Record<string, unknown>; modalEntry?: OrderHistoryEntry; upcoming?: boolean } = {},
) {
  routes = { '/api/v2/catering_orders/31': { catering_order: order }, [siteConfigPath]: siteConfig(), ...more };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <OrderDetailModal entry={modalEntry} upcoming={upcoming} links={links} onClose={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Order #CW-2026-000031' });
  await within(dialog).findByText('Maison Verte');
  return dialog;
}

/** A <dl>'s rows as [term, definition]. */
const rows = (list: Element) =>
  [...list.querySelectorAll(':scope > div')].map((row) => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);

describe('the order detail modal of a Quebec order', () => {
  it("shows the server's GST and QST lines, which add up to the sales tax, then the tip and the total", async () => {
    const dialog = await openModal(wireOrder());
    expect(rows(dialog.querySelector('dl.order-totals')!)).toEqual([
      ['Items total', '$100.07'],
      ['Delivery fee', '$12.50'],
      ['GST 5.000%', '$5.63'],
      ['QST 9.975%', '$11.23'],
      ['Tip', '$18.01'],
      ['Total', '$147.44'],
    ]);
    // the fixture is what computeTotals charges for it
    const charged = quebecTotals({ percent: 18 });
    const answer = wireOrder();
    expect([charged.taxLines.map((l) => l.cents), charged.taxCents, charged.tipCents, charged.totalCents]).toEqual([
      [563, 1123],
      answer.sales_tax,
      1801,
      answer.total_price,
    ]);
    expect(within(dialog).queryByText(/GST\+QST/)).toBeNull();
  });

  it('offers the support line with the order number: "Need help with this order?" (issue 20 §4)', async () => {
    const dialog = await openModal(wireOrder());
    const help = (await within(dialog).findByText('Need help with this order?')).parentElement!;
    expect(help.textContent).toBe(
      'Need help with this order? Call +1 (416) 555-0142 or email help@caterway.example and quote order CW-2026-000031.',
    );
    expect(within(help).getByRole('link', { name: 'help@caterway.example' }).getAttribute('href')).toBe(
      'mailto:help@caterway.example?subject=Order%20CW-2026-000031',
    );
  });

  it('shows the PO number, cost centre and on-site contact when the buyer gave them', async () => {
    const dialog = await openModal(wireOrder());
    const facts = rows(dialog.querySelector('dl.order-facts')!);
    expect(facts).toContainEqual(['PO number', 'PO-4471']);
    expect(facts).toContainEqual(['Cost centre', 'CC 310-Marketing']);
    expect(facts).toContainEqual(['On-site contact', 'Sam Lee, 514-555-0199']);
  });

  it("shows a restaurant's proposed substitute as a notice, newest first, and no notice without one", async () => {
    const dialog = await openModal(
      wireOrder({
        restaurant_messages: [
          {
            id: 1,
            kind: 'note',
            body: 'We will deliver ten minutes early.',
            subject: '',
            restaurant_name: 'Maison Verte',
            created_at: '2026-12-01T14:00:00.000Z',
          },
          {
            id: 2,
            kind: 'substitute',
            body: 'The tourtière is sold out today: may we send the salmon pie instead?',
            subject: 'Tourtière Tray',
            restaurant_name: 'Maison Verte',
            created_at: '2026-12-02T14:00:00.000Z',
          },
        ],
      }),
    );
    const notes = within(within(dialog).getByRole('region', { name: 'Messages from the restaurant' })).getAllByRole(
      'note',
    );
    expect(notes.map((n) => n.querySelector('.order-message-title')!.textContent)).toEqual([
      'Message from Maison Verte · substitute proposed · about Tourtière Tray',
      'Message from Maison Verte',
    ]);
    expect(notes[0]!.textContent).toContain('The tourtière is sold out today: may we send the salmon pie instead?');
    cleanup();
    const plain = await openModal(wireOrder());
    expect(within(plain).queryByRole('region', { name: 'Messages from the restaurant' })).toBeNull();
  });

  it('leaves them out, and the tip line too, when there are none', async () => {
    const dialog = await openModal(
      wireOrder({
        po_number: '',
        cost_centre: '',
        onsite_contact_name: '',
        onsite_contact_phone: '',
        tip_percent: null,
        totals: { ...wireOrder().totals, tip_cents: 0, total_cents: 12_943 },
        total_price: 12_943,
      }),
    );
    const terms = [...dialog.querySelectorAll('dt')].map((dt) => dt.textContent);
    for (const absent of ['PO number', 'Cost centre', 'On-site contact', 'Tip']) expect(terms).not.toContain(absent);
    expect(terms).toContain('QST 9.975%');
  });
});

/** An add-on of order 31 as GET api/v2/catering_orders/31/addon_orders answers it: $40.00 of food in Montréal, a 10% tip. */
function wireAddon(over: Partial<AddonOrder> = {}): AddonOrder {
  return addonOrderSchema.parse({
    id: 32,
    parent_order_id: 31,
    order_number: 'CW-2026-000032',
    status: 'Accepted',
    status_label: 'Accepted',
    created_at: '2026-11-21T15:00:00.000Z',
    items_total: 4000,
    delivery_fee: 0,
    num_cutlery: 0,
    cutlery_cents: 0,
    sales_tax: 599,
    total_price: 4000 + 599 + 400,
    tax_name: 'GST+QST',
    tax_rate: 14.975,
    tax_lines: [
      { name: 'GST', rate_percent: 5, cents: 200, jurisdiction: null },
      { name: 'QST', rate_percent: 9.975, cents: 399, jurisdiction: null },
    ],
    tip_cents: 400,
    purchase_items: [],
    invoice_available: false,
    ...over,
  });
}

describe('the Addon Orders tab', () => {
  const withAddons = { ...entry, addonOrdersCount: 1 };
  const openAddons = async (addon: AddonOrder) => {
    const dialog = await openModal(wireOrder(), {
      modalEntry: withAddons,
      more: { '/api/v2/catering_orders/31/addon_orders': { addon_orders: [addon] } },
    });
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Addon Orders' }));
    return within(dialog)
      .findByText('Order #CW-2026-000032')
      .then((n) => n.closest('li')!);
  };

  it("shows an add-on's GST and QST each on its own line, then its tip, as the server charged them", async () => {
    const addon = await openAddons(wireAddon());
    expect(rows(addon.querySelector('dl.order-totals')!)).toEqual([
      ['Items total', '$40.00'],
      ['Delivery fee', '$0.00'],
      ['GST 5.000%', '$2.00'],
      ['QST 9.975%', '$3.99'],
      ['Tip', '$4.00'],
      ['Total', '$49.99'],
    ]);
    expect(within(addon).queryByText(/GST\+QST/)).toBeNull();
  });

  it('shows no tip line for an add-on without one', async () => {
    const addon = await openAddons(wireAddon({ tip_cents: 0, total_price: 4599 }));
    expect(rows(addon.querySelector('dl.order-totals')!).map(([term]) => term)).toEqual([
      'Items total',
      'Delivery fee',
      'GST 5.000%',
      'QST 9.975%',
      'Total',
    ]);
  });
});

/** GET api/v2/catering_orders/31/credit_notes for an order cancelled after capture. */
function wireCreditNotes(): CreditNoteList {
  return creditNoteListSchema.parse({
    invoice_number: 'INV-2026-000007',
    credit_notes: [
      {
        number: 'CN-2026-000003',
        invoice_number: 'INV-2026-000007',
        // 00:30 on Dec 3 in UTC is still December 2 in Toronto, the order's zone (as the PDF dates it)
        issued_at: '2026-12-03T00:30:00.000Z',
        reason: 'cancel',
        total_cents: 14_744,
        currency: 'cad',
        pdf_url: '/api/v2/catering_orders/31/credit_notes/CN-2026-000003.pdf',
      },
    ],
  });
}

describe('the credit notes of an order', () => {
  const cancelled = () =>
    wireOrder({ status: 'Canceled', status_label: 'Canceled', editable: false, invoice_available: true });

  it('lists each with its number, date in the order’s zone and amount, and downloads its PDF from the keyboard', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const dialog = await openModal(cancelled(), {
      more: {
        [creditNotesPath]: wireCreditNotes(),
        '/api/v2/catering_orders/31/credit_notes/CN-2026-000003.pdf': () =>
          new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }),
      },
    });
    const section = await within(dialog).findByRole('region', { name: 'Credit notes' });
    const [item] = within(section).getAllByRole('listitem');
    expect(item!.textContent).toBe('CN-2026-000003December 2, 2026$147.44 creditedDownload PDF');
    expect(within(item!).getByText('December 2, 2026').getAttribute('datetime')).toBe('2026-12-03T00:30:00.000Z');
    // the invoice keeps its own button; the credit note's says which file it is
    expect(
      within(dialog)
        .getAllByRole('button', { name: /Download PDF/ })
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Download PDF', 'Download PDF, credit note CN-2026-000003']);

    const saved: string[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:credit-note');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    within(item!).getByRole('button', { name: 'Download PDF, credit note CN-2026-000003' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(saved).toEqual(['CN-2026-000003.pdf blob:credit-note']));
    expect(fetched).toContain('/api/v2/catering_orders/31/credit_notes/CN-2026-000003.pdf');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('shows nothing when the order has none, and does not ask for an order without an invoice', async () => {
    const dialog = await openModal(
      wireOrder({ status: 'Delivered', status_label: 'Delivered', editable: false, invoice_available: true }),
      {
        more: { [creditNotesPath]: { invoice_number: null, credit_notes: [] } },
      },
    );
    await waitFor(() => expect(fetched).toContain(creditNotesPath));
    await waitFor(() => expect(within(dialog).queryByText('Loading credit notes…')).toBeNull());
    expect(within(dialog).queryByRole('region', { name: 'Credit notes' })).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    cleanup();

    fetched = [];
    await openModal(wireOrder({ invoice_available: false }));
    expect(screen.queryByText('Loading credit notes…')).toBeNull();
    expect(fetched.filter((path) => path !== siteConfigPath)).toEqual(['/api/v2/catering_orders/31']);
  });

  it('says it is loading them, says when they failed to load, and loads them again on Try again', async () => {
    let release!: () => void;
    const failed = new Promise<Response>(
      (resolve) => (release = () => resolve(json({ error: 'Service unavailable' }, 503))),
    );
    let calls = 0;
    const dialog = await openModal(cancelled(), {
      more: { [creditNotesPath]: () => (++calls === 1 ? failed : json(wireCreditNotes())) },
    });
    expect(await within(dialog).findByRole('status')).toHaveProperty('textContent', ' Loading credit notes…');

    release();
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      "We could not load this order's credit notes.",
    );
    expect(within(dialog).queryByRole('region', { name: 'Credit notes' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    const section = await within(dialog).findByRole('region', { name: 'Credit notes' });
    expect(within(section).getByText('CN-2026-000003')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('changing and ordering again', () => {
  it('says when changes lock on an editable upcoming order, in the restaurant zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T14:00:00Z')); // Monday 9:00 AM in Toronto
    try {
      const dialog = await openModal(wireOrder());
      // processing (the lock) is Wednesday 11:30 AM in Toronto
      expect(within(dialog).getByRole('note').textContent).toBe(
        'Changes lock Wed 11:30 AM · cancelling is free until then',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("puts a past order's lines back in the cart for a new date with Order again", async () => {
    againWith = [];
    const items = [
      {
        id: 5,
        menu_id: 12,
        chef_id: 1,
        name: 'Poutine tray',
        quantity: 3,
        price_cents: 4500,
        menu_items_mapping: { '40': 2 },
        special_instruction: 'Gravy aside',
        serving_details: [],
        line_subtotal_cents: 13_500,
      },
    ];
    const dialog = await openModal(
      wireOrder({ status: 'Delivered', status_label: 'Delivered', editable: false, preset_items: items }),
      { upcoming: false },
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Order again' }));
    expect(againWith).toEqual([
      {
        presetId: 7,
        presetSlug: 'montreal-lunch',
        lines: [
          expect.objectContaining({
            menuId: 12,
            quantity: 3,
            menuItemsMapping: { '40': 2 },
            specialInstruction: 'Gravy aside',
          }),
        ],
      },
    ]);
  });

  it('offers no Order again on an upcoming order', async () => {
    const dialog = await openModal(wireOrder());
    expect(within(dialog).queryByRole('button', { name: 'Order again' })).toBeNull();
  });
});
