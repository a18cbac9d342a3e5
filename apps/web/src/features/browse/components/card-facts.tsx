import { formatCents } from '@caterway/domain';
import type { Restaurant } from '../../../types/catalogue';

/** "$$": the price level (1 to 4) as dollar signs. */
export const priceSigns = (level: number) => '$'.repeat(Math.max(1, Math.min(4, level)));

/** "4.6 · 124 reviews"; a restaurant nobody has rated yet says so. */
export function reviewsLine(restaurant: Pick<Restaurant, 'averageRating' | 'ratingCount'>): string {
  if (restaurant.ratingCount === 0) return 'No reviews yet';
  return `${restaurant.averageRating.toFixed(1)} · ${restaurant.ratingCount.toLocaleString('en-US')} ${restaurant.ratingCount === 1 ? 'review' : 'reviews'}`;
}

/** The delivery fee to the chosen address: "Free", the fee, or what is missing to know it. */
export function deliveryFeeText(restaurant: Pick<Restaurant, 'deliveryFeeCents' | 'unavailableReason'>): string {
  if (restaurant.unavailableReason === 'distance') return 'Does not deliver here';
  if (restaurant.deliveryFeeCents === null) return 'Enter an address';
  return restaurant.deliveryFeeCents === 0 ? 'Free' : formatCents(restaurant.deliveryFeeCents);
}

/**
 * What decides an order from a restaurant card (issue 20 §2, decision 067): its reviews, the
 * delivery fee to the chosen address, its minimum, its notice and its price level. The next
 * available time of a restaurant that cannot take the chosen time is the card's own line.
 */
export function CardFacts({ restaurant }: { restaurant: Restaurant }) {
  const level = restaurant.priceLevel;
  return (
    <dl className="card-facts" data-testid="card-facts">
      <div>
        <dt>Reviews</dt>
        <dd>{reviewsLine(restaurant)}</dd>
      </div>
      <div>
        <dt>Delivery</dt>
        <dd>{deliveryFeeText(restaurant)}</dd>
      </div>
      <div>
        <dt>Minimum</dt>
        <dd>{restaurant.minimumOrderCents > 0 ? formatCents(restaurant.minimumOrderCents) : 'None'}</dd>
      </div>
      <div>
        <dt>Notice</dt>
        <dd>{restaurant.preOrderNoticeHour} h</dd>
      </div>
      <div>
        <dt>Price</dt>
        <dd>
          <abbr title={`Price level ${level} of 4, about ${formatCents(restaurant.pricePerPersonCents)} a person`}>
            {priceSigns(level)}
          </abbr>
          <span className="visually-hidden">
            {' '}
            (level {level} of 4, about {formatCents(restaurant.pricePerPersonCents)} a person)
          </span>
        </dd>
      </div>
    </dl>
  );
}
