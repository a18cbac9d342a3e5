// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headcountStore, setHeadcount } from '../../../stores/headcount';
import { readCart, resetCart, setCart, useCart } from '../cart-store';
import { preset as base } from '../cart.test-helpers';
import { ServingsLine } from './servings-line';

// The servings line by the cart (issue 20 headcount first, decision 070): the question, the cart
// scaled to the answer, "Serves N · you need M", and the warning with its one-click fix.

// dish 11 feeds 4 a unit (minimum 5), dish 12 feeds 1: the default 6 + 2 feeds 26
const preset = {
  ...base,
  chefs: base.chefs.map((c) => ({ ...c, menus: c.menus.map((m) => ({ ...m, serves: m.id === 11 ? 4 : 1 })) })),
};

function Harness() {
  const { lines } = useCart(preset);
  return <ServingsLine preset={preset} lines={lines} />;
}

/** 40 people chosen, then one dish's quantity edited by hand, and the cart shown */
function editedFor40(menuId: number, quantity: number) {
  setHeadcount(40);
  setCart(
    preset,
    readCart(preset).lines.map((l) => (l.menuId === menuId ? { ...l, quantity } : l)),
  );
  render(<Harness />);
}

const quantities = () => readCart(preset).lines.map((l) => l.quantity);

afterEach(cleanup);

beforeEach(() => {
  setHeadcount(null);
  resetCart(preset.id);
});

describe('ServingsLine', () => {
  it('asks how many people and shows no servings line until answered', () => {
    render(<Harness />);
    expect(screen.getByLabelText('How many people?')).toHaveProperty('value', '');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(quantities()).toEqual([6, 2]);
  });

  it('scales the untouched cart to the answer and says servings against people', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByLabelText('How many people?'), '40{Enter}');
    expect(headcountStore.get()).toBe(40);
    // 40 / 26: 6 -> 10 units of 4, 2 -> 4 singles
    expect(quantities()).toEqual([10, 4]);
    expect(readCart(preset).lines[0]!.menuItemsMapping).toEqual({ '111': 10 });
    expect(screen.getByRole('status').textContent).toBe('Serves 44 · you need 40');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when an edited cart feeds fewer than chosen, and Scale fixes it in one click', async () => {
    editedFor40(11, 6);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Serves 28 · you need 40');
    expect(alert.textContent).toContain('12 fewer people');
    await userEvent.click(screen.getByRole('button', { name: 'Scale to 40 people' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/^Serves (\d+) · you need 40$/);
    const served = Number(/Serves (\d+)/.exec(screen.getByRole('status').textContent ?? '')![1]);
    expect(served).toBeGreaterThanOrEqual(40);
  });

  it('re-scales an edited cart from its own quantities when the headcount changes', async () => {
    editedFor40(12, 8);
    const field = screen.getByLabelText('How many people?');
    await userEvent.clear(field);
    await userEvent.type(field, '96{Enter}');
    // the edited cart fed 48: doubled
    expect(quantities()).toEqual([20, 16]);
    expect(screen.getByRole('status').textContent).toBe('Serves 96 · you need 96');
  });

  it('refuses a headcount outside 1..2000 with a message, keeping the one chosen', async () => {
    setHeadcount(12);
    render(<Harness />);
    const field = screen.getByLabelText('How many people?');
    await userEvent.clear(field);
    await userEvent.type(field, '2500{Enter}');
    expect(screen.getByText('Enter a whole number from 1 to 2,000.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(headcountStore.get()).toBe(12);
  });
});
