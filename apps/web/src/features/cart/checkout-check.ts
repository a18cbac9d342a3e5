import { chefMinimumProblems, emptyOrderProblem, messages, presetMinimumProblem, type Totals } from '@caterway/domain';
import { openModal } from '../../stores/modals';
import { notify } from '../../stores/notifications';
import { chefProgress, lineProblem, menuIndex, scheduleProblem } from './cart-model';
import type { CartDelivery, CartLine, CheckoutState, Preset } from './types';

// The checks run when Checkout is pressed (ordering-payments §5, §8). Not needed to show the
// page, so the cart panel loads this module on the first press (issue 20: the restaurant and
// preset pages' 120 KB budget, decision 070).

export interface CheckoutCheck {
  /** the first refusal, shown as a toast (and inline for schedule problems) */
  problem: string | null;
  kind: 'schedule' | 'item' | 'chef' | 'preset' | 'empty' | null;
}

/**
 * Every browser-side check before checkout (ordering-payments §5, §8), in the order a user can
 * act on them: something in the order at all, then each line's minimum, each chef's minimum,
 * the preset's minimum (delivery on restaurant pages: including delivery and tax), then the date.
 */
export function checkoutProblem(args: {
  preset: Preset;
  lines: CartLine[];
  delivery: CartDelivery;
  totals: Totals;
  isRestaurant: boolean;
  now: Date;
}): CheckoutCheck {
  const { preset, lines, delivery, totals, isRestaurant, now } = args;
  const empty = emptyOrderProblem(
    lines.map((l) => ({ quantity: l.quantity, itemQuantities: Object.values(l.menuItemsMapping) })),
  );
  if (empty) return { problem: empty, kind: 'empty' };
  const index = menuIndex(preset);
  for (const line of lines) {
    const ref = index.get(line.menuId);
    const problem = ref ? lineProblem(line, ref.menu) : null;
    if (problem) return { problem, kind: 'item' };
  }
  const [chef] = chefMinimumProblems(chefProgress(preset, lines));
  if (chef) return { problem: chef, kind: 'chef' };
  if (isRestaurant && delivery.receivingMethod === 'delivery') {
    const presetMin = presetMinimumProblem(totals.totalCents, preset.minimumOrderAmountCents);
    if (presetMin) return { problem: presetMin, kind: 'preset' };
  }
  const schedule = scheduleProblem(preset, delivery, now, lines);
  if (schedule) return { problem: schedule, kind: 'schedule' };
  return { problem: null, kind: null };
}

/** The add-on cart's checks (ordering-payments §5): items, each line's minimum, the add-on limit. */
export function addOnProblem(
  preset: Preset,
  lines: CartLine[],
  totalCents: number,
  maxLines: number | undefined,
): { problem: string | null; kind: 'empty' | 'item' | null } {
  if (lines.length === 0 || totalCents <= 0) return { problem: messages.cartEmpty, kind: 'item' };
  const index = menuIndex(preset);
  for (const line of lines) {
    const ref = index.get(line.menuId);
    const problem = ref ? lineProblem(line, ref.menu) : null;
    if (problem) return { problem, kind: 'item' };
  }
  if (maxLines !== undefined && lines.length > maxLines)
    return { problem: messages.addOnLimit(maxLines), kind: 'item' };
  return { problem: null, kind: null };
}

function restaurantAddress(preset: Preset): string {
  const chef = preset.chefs[0];
  if (!chef) return preset.address1;
  return [chef.address1, chef.address2, chef.city, [chef.state, chef.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

/**
 * Checkout pressed in the cart panel: the first refusal as a toast (and inline, through
 * `refuse`), a visitor asked to sign in, else on to the checkout page with the cart.
 */
export function pressCheckout(args: {
  preset: Preset;
  lines: CartLine[];
  delivery: CartDelivery;
  totals: Totals;
  isRestaurant: boolean;
  addOn: boolean;
  maxLines: number | undefined;
  /** the delivery fee call said the address is outside the chef's delivery ranges */
  notDeliverable: boolean;
  deliveryFeeCents: number;
  signedIn: boolean;
  refuse: (problem: string | null) => void;
  onCheckout: (state: CheckoutState) => void;
}): void {
  const { preset, lines, delivery, totals } = args;
  const check = args.addOn
    ? addOnProblem(preset, lines, totals.totalCents, args.maxLines)
    : checkoutProblem({ preset, lines, delivery, totals, isRestaurant: args.isRestaurant, now: new Date() });
  // The server refuses an address outside the chef's delivery ranges; say so before checkout.
  if (!check.problem && args.notDeliverable)
    Object.assign(check, { problem: messages.notDeliverable, kind: 'schedule' });
  args.refuse(check.problem);
  if (check.problem) {
    notify(
      check.kind === 'empty'
        ? { tone: 'error', title: messages.noItemsTitle, message: check.problem }
        : { tone: 'error', message: check.problem },
    );
    return;
  }
  if (!args.signedIn) {
    notify({ tone: 'error', message: messages.pleaseSignInToCheckout });
    openModal('signIn');
    return;
  }
  args.onCheckout({
    preset,
    deliveryPriceCents: args.deliveryFeeCents,
    checkoutData: lines,
    restaurantAddress: restaurantAddress(preset),
    receivingMethod: delivery.receivingMethod,
  });
}
