// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  geocodeQuerySchema,
  geocodeResponseSchema,
  geoSuggestionsQuerySchema,
  geoSuggestionsResponseSchema,
} from '@caterway/contracts';
import { contractJson, errorAnswer, setupContractServer } from '@caterway/contracts/testing';
import { formatDisplayDate, formatIsoDate, messages } from '@caterway/domain';
import { headcountStore, setHeadcount } from '../../../stores/headcount';
import { describedText, renderPage } from '../../../test/render';
import { deliveryStore, saveDelivery } from '../delivery-store';
import { DeliveryBar } from './delivery-bar';

// The shared delivery bar (ordering-payments §2 'Shared delivery bar', §5): the summary with
// Update Details, the edit form with address suggestions, date, time, Delivery/Pickup and SAVE;
// a past date and a too-broad address are refused with the spec's messages.

const place = (label: string, latitude: number, longitude: number) => ({
  label,
  address1: label.split(',')[0]!,
  city: 'Toronto',
  province: 'ON',
  zip: 'M5J 2N1',
  country: 'CA' as const,
  latitude,
  longitude,
  precision: 'street' as const,
});
const unionStation = place('65 Front St W, Toronto, ON M5J 1E6, Canada', 43.6453, -79.3806);

setupContractServer(
  http.get('/api/v2/geo/suggestions', ({ request }) => {
    const query = geoSuggestionsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const found = query.q.toLowerCase().startsWith('65 front') ? [unionStation] : [];
    return contractJson(geoSuggestionsResponseSchema, { suggestions: found });
  }),
  http.get('/api/v2/geo/geocode', ({ request }) => {
    const { address } = geocodeQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    if (address === 'Toronto') return errorAnswer(422, messages.tooBroad);
    return contractJson(geocodeResponseSchema, { address: place(`${address}, Canada`, 43.7, -79.4) });
  }),
);

const inFiveDays = formatIsoDate(new Date(Date.now() + 5 * 86_400_000));
beforeEach(() => {
  saveDelivery(
    { address: '1 Yonge St, Toronto, ON', lat: 43.64, lng: -79.37, deliveryDate: inFiveDays, deliveryTime: '11:30 AM' },
    'delivery',
  );
});

const bar = () => screen.getByRole('region', { name: 'Delivery details' });
const summary = () =>
  [...bar().querySelectorAll('dl > div')].map((row) => [
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  renderPage(<DeliveryBar />, { at: '/' });
  await user.click(screen.getByRole('button', { name: 'Update Details' }));
  return screen.findByRole('combobox', { name: 'Delivery address' });
}

describe('the delivery bar, collapsed (issue 20: one line of at most 64 px on a phone until tapped)', () => {
  it('is one row, the summary and Update Details, with no field until tapped; Cancel folds it back', async () => {
    const user = userEvent.setup();
    renderPage(<DeliveryBar />, { at: '/' });
    const row = bar().querySelector('.delivery-summary')!;
    // one row of two parts: the styles keep it on one line, the address giving way first
    expect([...row.children].map((el) => el.tagName)).toEqual(['DL', 'BUTTON']);
    expect(row.querySelector('dl > div:first-child dd')!.textContent).toBe('1 Yonge St, Toronto, ON');
    // the labels are still there for screen readers (hidden from sight on a phone)
    expect([...row.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Deliver to', 'Date', 'Time']);
    expect(within(bar()).queryByRole('combobox')).toBeNull();
    expect(within(bar()).queryByRole('radio')).toBeNull();

    await user.click(within(bar()).getByRole('button', { name: 'Update Details' }));
    await screen.findByRole('combobox', { name: 'Delivery address' });
    expect(bar().querySelector('.delivery-summary')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update Details' })));
    expect(within(bar()).queryByRole('combobox')).toBeNull();
    expect(summary()[0]).toEqual(['Deliver to', '1 Yonge St, Toronto, ON']);
  });
});

describe('the delivery bar', () => {
  it('sums up where and when, and Update Details opens the form with the focus in the address', async () => {
    const user = userEvent.setup();
    renderPage(<DeliveryBar />, { at: '/' });
    expect(summary()).toEqual([
      ['Deliver to', '1 Yonge St, Toronto, ON'],
      ['Date', formatDisplayDate(inFiveDays)],
      ['Time', '11:30 AM'],
    ]);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update Details' }));
    await user.keyboard('{Enter}');
    const address = await screen.findByRole('combobox', { name: 'Delivery address' });
    expect(document.activeElement).toBe(address);
    expect((address as HTMLInputElement).value).toBe('1 Yonge St, Toronto, ON');
  });

  it('chooses a suggestion with the keyboard, saves, and gives the focus back to Update Details', async () => {
    const user = userEvent.setup();
    const address = await openForm(user);
    await user.clear(address);
    await user.type(address, '65 Front');
    const option = await screen.findByRole('option', { name: unionStation.label }, { timeout: 3000 });
    await user.keyboard('{ArrowDown}');
    expect(option.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect((address as HTMLInputElement).value).toBe(unionStation.label);
    // Tab order: address, date, time, how many people, Delivery/Pickup, SAVE
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Date'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Time'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('How many people?'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Delivery' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'SAVE' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update Details' })));
    expect(summary()[0]).toEqual(['Deliver to', unionStation.label]);
    expect(deliveryStore.get().info).toMatchObject({ lat: 43.6453, lng: -79.3806 });
  });

  it('saves how many people with the details, and refuses a number out of 1..2000 (issue 20)', async () => {
    setHeadcount(null);
    const user = userEvent.setup();
    await openForm(user);
    const people = screen.getByLabelText('How many people?');
    await user.type(people, '0');
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number of people from 1 to 2,000.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'SAVE' }).disabled).toBe(true);
    await user.clear(people);
    await user.type(people, '40');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'SAVE' }).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(headcountStore.get()).toBe(40));
    await waitFor(() => expect(summary()).toContainEqual(['For', '40 people']));
    await user.click(await screen.findByRole('button', { name: 'Update Details' }));
    expect(await screen.findByLabelText('How many people?')).toHaveProperty('value', '40');
  });

  it('Escape closes the suggestions but keeps the form', async () => {
    const user = userEvent.setup();
    const address = await openForm(user);
    await user.clear(address);
    await user.type(address, '65 Front');
    await screen.findByRole('option', { name: unionStation.label }, { timeout: 3000 });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Delivery address suggestions' })).toBeNull();
    expect(address.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'SAVE' })).toBeTruthy();
  });

  it('geocodes a typed address, and refuses a too-broad one with the spec message', async () => {
    const user = userEvent.setup();
    const address = await openForm(user);
    await user.clear(address);
    await user.type(address, 'Toronto');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    await waitFor(() =>
      expect(describedText(address)).toBe('Your search is too broad, please enter in a street address.'),
    );
    expect(deliveryStore.get().info.address).toBe('1 Yonge St, Toronto, ON');

    await user.clear(address);
    await user.type(address, '200 Bay St');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(summary()[0]).toEqual(['Deliver to', '200 Bay St, Canada']));
  });

  it('disables SAVE without an address', async () => {
    const user = userEvent.setup();
    const address = await openForm(user);
    await user.clear(address);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'SAVE' }).disabled).toBe(true);
  });

  it('refuses a past date with "Please select valid date."', async () => {
    const user = userEvent.setup();
    await openForm(user);
    const date = screen.getByLabelText('Date');
    fireEvent.change(date, { target: { value: '2020-01-06' } });
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(date)).toBe('Please select valid date.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'SAVE' }).disabled).toBe(true);
  });

  it('saves Pickup chosen with the arrow keys, and Cancel leaves the details as they were', async () => {
    const user = userEvent.setup();
    await openForm(user);
    const time = screen.getByLabelText<HTMLSelectElement>('Time');
    await user.selectOptions(time, '12:00 PM');
    screen.getByRole('radio', { name: 'Delivery' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Pickup' }).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(summary()[0]![0]).toBe('Deliver to');
    expect(summary()[2]).toEqual(['Time', '11:30 AM']);

    await user.click(screen.getByRole('button', { name: 'Update Details' }));
    await screen.findByRole('combobox', { name: 'Delivery address' });
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));
    expect(screen.getByRole('combobox', { name: 'Your address' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Time'), '12:00 PM');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(summary()[0]![0]).toBe('Pickup'));
    expect(summary()[2]).toEqual(['Time', '12:00 PM']);
    expect(within(bar()).queryByRole('button', { name: 'SAVE' })).toBeNull();
  });
});
