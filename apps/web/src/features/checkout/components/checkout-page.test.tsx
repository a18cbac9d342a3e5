// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderPayloadSchema, type OrderPayload } from '@caterway/contracts';
import { computeTotals, formatCents, formatIsoDate } from '@caterway/domain';
import { configureApiClient } from '../../../lib/api-client';
import { quebecTaxes as quebec } from '../../../test/quebec-order';
import type { CartLine, CheckoutState } from '../../../types/checkout-state';
import { CheckoutPage } from './checkout-page';

// The checkout's tip and PO number against a fake API that checks each payload with the real
// contract (packages/contracts) and prices it with computeTotals, as the API does: the tip
// choice goes out as tip_percent or tip_cents, the Tip line and the total are the server's, the
// PO number goes out as po_number, and the server's messages land under their fields.

const FEE = 1250;
const hours = { enabled: true, open: '06:00', close: '22:00' };
const preset = {
  id: 7,
  name: 'Montréal lunch',
  chefs: [
    {
      id: 1,
      eftEnabled: false,
      menus: [
        { id: 11, priceCents: 1500, menuItems: [{ id: 111, priceCents: 0 }] },
        { id: 12, priceCents: 800, menuItems: [] },
      ],
    },
  ],
  taxName: 'GST+QST',
  taxRate: 14.975,
  taxLines: quebec,
  storeHours: {
    monday: hours,
    tuesday: hours,
    wednesday: hours,
    thursday: hours,
    friday: hours,
    saturday: hours,
    sunday: hours,
  },
} as unknown as CheckoutState['preset'];
const line = (
  id: number,
  menuId: number,
  quantity: number,
  priceCents: number,
  mapping: Record<string, number> = {},
): CartLine => ({
  id,
  menuId,
  chefId: 1,
  quantity,
  menuItemsMapping: mapping,
  specialInstruction: '',
  servingDetails: [],
  menuName: `Dish ${menuId}`,
  unitPriceCents: priceCents,
  lineTotalCents: quantity * priceCents,
});
const state: CheckoutState = {
  preset,
  deliveryPriceCents: FEE,
  checkoutData: [line(501, 11, 6, 1500, { '111': 6 }), line(502, 12, 2, 800)],
  restaurantAddress: '1 Rue Sainte-Catherine, Montréal',
  receivingMethod: 'delivery',
};

/** The API's price of the cart above: $106.00 of food, the $12.50 fee, Quebec's two taxes, the tip. */
function serverTotals(p: OrderPayload) {
  const tip = p.tip_percent != null ? { percent: p.tip_percent } : p.tip_cents != null ? { cents: p.tip_cents } : null;
  const t = computeTotals({
    lines: [
      { unitPriceCents: 1500, quantity: 6, menuItems: [{ priceCents: 0, quantity: 6 }] },
      { unitPriceCents: 800, quantity: 2, menuItems: [] },
    ],
    receivingMethod: 'delivery',
    deliveryFeeCents: FEE,
    cutleryCount: p.num_cutlery ?? 0,
    taxes: quebec,
    tip,
  });
  return {
    subtotal_cents: t.subtotalCents,
    delivery_fee_cents: t.deliveryFeeCents,
    cutlery_cents: t.cutleryCents,
    tax_cents: t.taxCents,
    total_cents: t.totalCents,
    tax_name: 'GST+QST',
    tax_rate: 14.975,
    tax_lines: t.taxLines.map((l) => ({
      name: l.name,
      rate_percent: l.ratePercent,
      cents: l.cents,
      jurisdiction: l.jurisdiction ?? null,
    })),
    tip_cents: t.tipCents,
  };
}

let sent: OrderPayload[] = [];
/** the restaurant refuses every time but this one, as a too-soon refusal (decision 072) */
let onlyTakes: { date: string; time: string } | null = null;
const inSixDays = formatIsoDate(new Date(Date.now() + 6 * 86_400_000));
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeApi(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  if (url === '/api/v2/session')
    return json(200, { active: true, expires_at: '2099-01-01T00:00:00Z', idle_expires_at: '2099-01-01T00:00:00Z' });
  if (url === '/api/v2/current') {
    return json(200, {
      user: {
        first_name: 'Dana',
        last_name: 'Park',
        company_name: 'Maple Analytics',
        phone: '514-555-0142',
        email: 'dana@example.com',
        address2: '',
        default_delivery_instructions: '',
      },
    });
  }
  if (
    (method === 'POST' && url === '/api/v2/catering_orders') ||
    (method === 'PUT' && url === '/api/v2/catering_orders/41')
  ) {
    const body = JSON.parse(init!.body as string) as { catering_order: unknown };
    const parsed = orderPayloadSchema.safeParse(body.catering_order);
    if (!parsed.success) {
      const list = parsed.error.issues.map((i) => i.message);
      return json(422, { error: list.join(', '), messages: list });
    }
    const payload = body.catering_order as OrderPayload;
    if (onlyTakes && (payload.delivery_date !== onlyTakes.date || payload.delivery_time !== onlyTakes.time)) {
      const list = [
        'This preset requires 24 hours notice, please select a delivery date and time that meets the minimum lead time',
      ];
      return json(422, {
        error: list.join(', '),
        messages: list,
        why: "Masala House needs 24 hours' notice",
        earliest_available: {
          delivery_date: inSixDays,
          delivery_time: '10:00 AM',
          delivery_seconds: 36_000,
          text: 'Tomorrow at 10:00 AM',
          label: 'Deliver Tomorrow at 10:00 AM instead',
        },
      });
    }
    sent.push(payload);
    return json(method === 'POST' ? 201 : 200, {
      catering_order: {
        id: 41,
        purchase_id: 'pur_41',
        client_secret: null,
        saved_cards: [],
        is_eft: false,
        full_name: 'Dana Park',
        email: 'dana@example.com',
        status: 'draft',
        totals: serverTotals(payload),
      },
    });
  }
  return json(404, { error: `no fake for ${method} ${url}` });
}

beforeEach(() => {
  sent = [];
  onlyTakes = null;
  configureApiClient({
    fetch: (input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(fakeApi(input instanceof Request ? input.url : String(input), init)),
  });
});
afterEach(cleanup);

function renderCheckout(checkout: CheckoutState = state) {
  const inFiveDays = formatIsoDate(new Date(Date.now() + 5 * 86_400_000));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CheckoutPage
          state={checkout}
          delivery={{
            address: '1000 Rue De La Gauchetière O, Montréal, QC',
            lat: 45.5,
            lng: -73.57,
            deliveryDate: inFiveDays,
            deliveryTime: '11:30 AM',
          }}
          renderPaymentModal={() => <p>Payment step</p>}
          renderAuthentication={() => null}
          onOrderPlaced={() => undefined}
          completedHref="/checkout-completed"
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The order details' totals as [label, amount] rows. */
function totalsRows(): [string, string][] {
  const details = screen.getByRole('complementary', { name: 'Order details' });
  return [...details.querySelectorAll('dl.checkout-totals > div')].map((row) => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);
}

/** The server has priced the order: the form is up and the estimate note is gone. */
async function serverPriced() {
  await screen.findByRole('radiogroup', { name: 'Tip' });
  await waitFor(() =>
    expect(screen.queryByText('Estimated; the final price is confirmed when you continue.')).toBeNull(),
  );
}

const checked = (group: HTMLElement, name: string) =>
  within(group).getByRole<HTMLInputElement>('radio', { name }).checked;
/** The text of the hint or error an input names with aria-describedby. */
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the checkout tip', () => {
  it("is none by default; 15% goes out as tip_percent and the Tip line after the taxes is the server's", async () => {
    const user = userEvent.setup();
    renderCheckout();
    await serverPriced();
    const tips = screen.getByRole('radiogroup', { name: 'Tip' });
    expect(checked(tips, 'None')).toBe(true);
    expect(sent[0]).toMatchObject({ tip_percent: null, tip_cents: null });
    expect(totalsRows().map(([label]) => label)).toEqual([
      'Subtotal',
      'Delivery Fee',
      'GST 5.000%',
      'QST 9.975%',
      'Total',
    ]);

    // the keyboard moves through the choices as in any radio group
    within(tips).getByRole('radio', { name: 'None' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(checked(tips, '10%')).toBe(true);

    await user.click(within(tips).getByRole('radio', { name: '15%' }));
    // at once an estimate (computeTotals in the browser) ...
    screen.getByText('Estimated; the final price is confirmed when you continue.');
    expect(totalsRows()).toContainEqual(['Tip', formatCents(1590)]);

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Payment step');
    // ... then the server's price of what was sent
    expect(sent.at(-1)).toMatchObject({ tip_percent: 15, tip_cents: null });
    await serverPriced();
    const priced = serverTotals(sent.at(-1)!);
    expect(totalsRows()).toEqual([
      ['Subtotal', '$106.00'],
      ['Delivery Fee', '$12.50'],
      ['GST 5.000%', formatCents(priced.tax_lines[0]!.cents)],
      ['QST 9.975%', formatCents(priced.tax_lines[1]!.cents)],
      ['Tip', '$15.90'],
      ['Total', formatCents(priced.total_cents)],
    ]);
    expect(priced.tax_lines[0]!.cents + priced.tax_lines[1]!.cents).toBe(priced.tax_cents);
  });

  it('takes another amount in dollars and sends it in cents as tip_cents', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await serverPriced();
    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    const amount = screen.getByLabelText('Tip amount ($)');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // an empty amount is asked for, not sent
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(description(amount)).toBe('Please enter the tip in dollars, such as 5.00.');
    expect(sent).toHaveLength(1);

    await user.type(amount, '7.25');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Payment step');
    expect(sent.at(-1)).toMatchObject({ tip_percent: null, tip_cents: 725 });
    await serverPriced();
    expect(totalsRows()).toContainEqual(['Tip', '$7.25']);
    expect(totalsRows().at(-1)).toEqual(['Total', formatCents(serverTotals(sent.at(-1)!).total_cents)]);
  });
});

describe('the checkout PO number and cost centre', () => {
  it('sends them as po_number and cost_centre, at most 64 characters each', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await serverPriced();
    const po = screen.getByLabelText(/PO number/);
    const centre = screen.getByLabelText(/Cost centre/);
    expect((po as HTMLInputElement).maxLength).toBe(64);
    expect((centre as HTMLInputElement).maxLength).toBe(64);
    await user.type(po, 'PO-4471');
    await user.type(centre, 'CC 310');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Payment step');
    expect(sent.at(-1)).toMatchObject({ po_number: 'PO-4471', cost_centre: 'CC 310' });
  });

  it("shows the server's message under the field it is about", async () => {
    const user = userEvent.setup();
    renderCheckout();
    await serverPriced();
    const po = screen.getByLabelText(/PO number/);
    await user.click(po);
    await user.paste('PO\u0007-1');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(po.getAttribute('aria-invalid')).toBe('true'));
    expect(description(po)).toBe('PO number cannot contain control characters.');
    expect(screen.queryByText('Payment step')).toBeNull();
  });
});

describe('prices changed since the cart was built (decision 052)', () => {
  it('says which dishes changed price, as a notice that does not block the checkout', async () => {
    renderCheckout({
      ...state,
      checkoutData: [{ ...line(501, 11, 6, 1500, { '111': 6 }), addedUnitPriceCents: 1350 }, line(502, 12, 2, 800)],
    });
    await screen.findByText('Prices changed since you added these items: Dish 11 $13.50 → $15.00');
    await serverPriced();
    // the form goes on as usual: the server's totals are today's prices
    expect(totalsRows().length).toBeGreaterThan(0);
  });

  it('says nothing when the prices are the ones the cart was built with', async () => {
    renderCheckout({ ...state, checkoutData: [{ ...line(502, 12, 2, 800), addedUnitPriceCents: 800 }] });
    await screen.findByRole('radiogroup', { name: 'Tip' });
    expect(screen.queryByText(/Prices changed/)).toBeNull();
  });
});

describe('a refused delivery time (issue 20 §1; decision 072)', () => {
  it('says why, offers the earliest time as one click, and continues with it', async () => {
    onlyTakes = { date: inSixDays, time: '10:00' };
    const user = userEvent.setup();
    renderCheckout();
    // the draft is created on entry: the server refuses the delivery bar's time
    const alert = await screen.findByText("Masala House needs 24 hours' notice");
    expect(alert.closest('[role="alert"]')!.textContent).toContain('This preset requires 24 hours notice');
    await user.click(screen.getByRole('button', { name: 'Deliver Tomorrow at 10:00 AM instead' }));
    expect(screen.getByLabelText<HTMLInputElement>('Date').value).toBe(inSixDays);
    expect(screen.getByLabelText<HTMLSelectElement>('Time').value).toBe('10:00 AM');
    expect(screen.queryByText("Masala House needs 24 hours' notice")).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Payment step');
    expect(sent.at(-1)).toMatchObject({ delivery_date: inSixDays, delivery_time: '10:00' });
  });
});
