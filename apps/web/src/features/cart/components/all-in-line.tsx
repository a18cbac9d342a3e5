import { allInPerPerson, formatCents, priceCart, type AllIn } from '@caterway/domain';
import { useHeadcount } from '../../../stores/headcount';
import { menuIndex } from '../cart-model';
import type { CartDelivery, CartLine, Preset } from '../types';

/**
 * The cart's all-in price per person (issue 20; decision 071): its real lines, the delivery fee,
 * a piece of cutlery a head and the preset's taxes, through computeTotals, per head. A
 * restaurant page's delivery must reach the preset's minimum (checkoutProblem), so it counts.
 */
// in this lazy chunk, not cart-model: the detail pages' first JavaScript has no room for it
export function cartAllIn(
  preset: Preset,
  lines: CartLine[],
  receivingMethod: CartDelivery['receivingMethod'],
  deliveryFeeCents: number,
  heads: number,
  isRestaurant: boolean,
): AllIn {
  const index = menuIndex(preset);
  const menus = new Map([...index].map(([id, ref]) => [id, ref.menu]));
  return allInPerPerson({
    lines: priceCart(lines, menus),
    heads,
    deliveryFeeCents,
    receivingMethod,
    taxes: preset.taxLines,
    minimumTotalCents: isRestaurant && receivingMethod === 'delivery' ? preset.minimumOrderAmountCents : 0,
  });
}

export interface AllInLineProps {
  preset: Preset;
  lines: CartLine[];
  receivingMethod: CartDelivery['receivingMethod'];
  /** the fee to the address, known: the line waits for it rather than show a share without it */
  deliveryFeeCents: number | null;
  isRestaurant: boolean;
}

/**
 * "$18.40 /person all-in · 40 people" under the cart's total (issue 20; decision 071): the
 * cart's total with a piece of cutlery a head (and at least a restaurant's minimum), divided by
 * the headcount chosen, else by the people the preset is made for.
 */
export function AllInLine({ preset, lines, receivingMethod, deliveryFeeCents, isRestaurant }: AllInLineProps) {
  const heads = useHeadcount() ?? preset.numberOfGuests;
  if (lines.length === 0 || deliveryFeeCents === null || heads < 1) return null;
  const allIn = cartAllIn(preset, lines, receivingMethod, deliveryFeeCents, heads, isRestaurant);
  return (
    <p className="muted cart-note" data-testid="cart-all-in">
      <strong>{formatCents(allIn.perPersonCents)} /person all-in</strong> · {heads} people
      <br />
      Food, {receivingMethod === 'delivery' ? 'delivery, ' : ''}
      {heads} cutlery sets and tax, before tip: {formatCents(allIn.totalCents)}
    </p>
  );
}

export default AllInLine;
