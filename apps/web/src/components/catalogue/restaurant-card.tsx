import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@caterway/domain';
import { paths } from '../../config/paths';
import type { Restaurant } from '../../types/catalogue';
import { Photo } from './photo';
import { StarRating } from './star-rating';
import { TagBadges } from './tag-badges';
import './catalogue.css';

/** Restaurant pages live at /chefs/{slug}, presets at /preset-detail/{slug} (browse-account-orders §2). */
export const restaurantHref = (slug: string) => paths.restaurant.getHref(slug);
export const presetHref = (slug: string) => paths.presetDetail.getHref(slug);

/** A card's image: the full width of a phone, else a column of the grid at most about 400 px wide. */
export const CARD_SIZES = '(max-width: 640px) 100vw, 400px';

/** Why a restaurant cannot take an order at the chosen date and time (contracts: unavailable_reason). */
export function unavailableLabel(restaurant: Pick<Restaurant, 'unavailableReason' | 'preOrderNoticeHour'>): string {
  switch (restaurant.unavailableReason) {
    case 'closed':
      return 'Closed on this day';
    case 'outside_hours':
      return 'Outside store hours';
    case 'notice':
      return `Needs ${restaurant.preOrderNoticeHour} h notice`;
    case 'distance':
      return 'Outside delivery area';
    case 'paused':
      return 'Not taking orders now';
    case 'full':
      return 'Fully booked';
    default:
      return 'Unavailable';
  }
}

const shortDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

const NEXT_PREFIX = 'Next available ';

/** A full restaurant's next time with room (contracts: next_available), short for a card: "Next available Tue, Dec 8, 1:00 PM". */
export function nextAvailableLine(restaurant: Pick<Restaurant, 'nextAvailable'>): string | null {
  const next = restaurant.nextAvailable;
  if (!next) return null;
  const day = new Date(`${next.deliveryDate}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return `${NEXT_PREFIX}${next.text}`;
  return `${NEXT_PREFIX}${shortDay.format(day)}, ${next.deliveryTime.replace(/^0/, '')}`;
}

export function formatDistance(distance: number | null, unit: string): string | null {
  if (distance === null) return null;
  return `${distance < 10 ? distance.toFixed(1) : Math.round(distance)} ${unit}`;
}

/**
 * "$18.40 /person all-in · for 40 people" (issue 20; decision 071): the server's figure for the
 * chosen address and headcount; nothing without one, never a guess.
 */
export function AllInPrice({ card }: { card: Pick<Restaurant, 'allInPerPersonCents' | 'allInHeads'> }) {
  if (card.allInPerPersonCents === null) return null;
  return (
    <p
      className="catalogue-card-meta"
      data-testid="all-in"
      title="Food, delivery, cutlery and tax to your address, divided by the people"
    >
      <strong>{formatCents(card.allInPerPersonCents)}</strong> /person all-in · for {card.allInHeads} people
    </p>
  );
}

export interface RestaurantCardProps {
  restaurant: Restaurant;
  /** Shows a Map button (browse pages). */
  onShowMap?: (restaurant: Restaurant) => void;
  headingLevel?: 'h2' | 'h3';
  /** The first cards of a list, in view on arrival: their image loads at once, first (the page's LCP). */
  priority?: boolean;
  /** more facts under the address (the browse pages' fee, minimum, notice, reviews and price) */
  children?: ReactNode;
  /** makes "Next available …" one click that sets the delivery date and time (issue 20 §1; decision 072) */
  onChooseTime?: (deliveryDate: string, deliveryTime: string) => void;
}

/**
 * A restaurant as listed (browse-account-orders §3 Restaurant card): image, name, cuisines,
 * coloured tags, distance with unit, short address, rating and the availability badge for the
 * chosen delivery date and time. The name links to the restaurant page /chefs/{slug}.
 */
export function RestaurantCardView({
  restaurant,
  onShowMap,
  headingLevel: Heading = 'h3',
  priority = false,
  children,
  onChooseTime,
}: RestaurantCardProps) {
  const distance = formatDistance(restaurant.distance, restaurant.distanceUnit);
  const image = restaurant.searchResultImageUrl || restaurant.mainImageUrl;
  return (
    <article className="catalogue-card restaurant-card" data-testid="restaurant-card">
      <div className="catalogue-card-media">
        {image ? (
          <Photo
            src={image}
            sizes={CARD_SIZES}
            width={400}
            height={225}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        ) : null}
        <span
          className={restaurant.availableForOrdering ? 'availability availability-on' : 'availability availability-off'}
        >
          {restaurant.availableForOrdering ? 'Available' : unavailableLabel(restaurant)}
        </span>
      </div>
      <div className="catalogue-card-body">
        <Heading className="catalogue-card-title">
          <Link to={restaurantHref(restaurant.slug)} className="card-link">
            {restaurant.name}
          </Link>
        </Heading>
        {restaurant.cuisineTypes.length > 0 ? (
          <p className="catalogue-card-meta">{restaurant.cuisineTypes.join(' · ')}</p>
        ) : null}
        <div className="catalogue-card-row">
          <StarRating rating={restaurant.averageRating} />
          {distance ? (
            <span className="distance" data-testid="distance">
              {distance}
            </span>
          ) : null}
        </div>
        {restaurant.shortAddress ? <p className="catalogue-card-address">{restaurant.shortAddress}</p> : null}
        {restaurant.nextAvailable ? (
          <p className="catalogue-card-next">
            {onChooseTime ? (
              <>
                {/* the time is the button; its name says what it does and holds the visible text */}
                Next available{' '}
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Deliver ${nextAvailableLine(restaurant)!.slice(NEXT_PREFIX.length)} instead`}
                  onClick={() =>
                    onChooseTime(restaurant.nextAvailable!.deliveryDate, restaurant.nextAvailable!.deliveryTime)
                  }
                >
                  {nextAvailableLine(restaurant)!.slice(NEXT_PREFIX.length)}
                </button>
              </>
            ) : (
              nextAvailableLine(restaurant)
            )}
          </p>
        ) : null}
        <AllInPrice card={restaurant} />
        {children}
        <TagBadges tags={restaurant.presetTags} />
        {onShowMap ? (
          <button type="button" className="btn btn-ghost btn-sm card-action" onClick={() => onShowMap(restaurant)}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
                fill="currentColor"
              />
            </svg>
            Map<span className="visually-hidden"> of {restaurant.name}</span>
          </button>
        ) : null}
      </div>
    </article>
  );
}
