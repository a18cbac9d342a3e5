import { useEffect, useId, useRef, useState } from 'react';
import type { DietaryNeed } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { PresetCardView } from '../../../components/catalogue/preset-card';
import type { PresetSort, PresetSummary } from '../../../types/catalogue';
import type { DeliveryContext } from '../api/delivery-context';
import { useSortedPresets } from '../api/search-presets';
import { sortPresets } from '../sort-presets';

/** The sortable preset section (browse-account-orders §2, §9): 4 first, 8 more per Show more after a 1 s load. */
export const SECTION_INITIAL = 4;
export const SECTION_STEP = 8;
export const SHOW_MORE_DELAY_MS = 1000;

const NO_NEEDS: readonly DietaryNeed[] = [];

export const sortOptions: { value: PresetSort; label: string }[] = [
  { value: 'popular', label: 'Popular' },
  { value: 'price_desc', label: 'Price High to Low' },
  { value: 'price_asc', label: 'Price Low to High' },
  { value: 'headcount_desc', label: 'Headcount High to Low' },
  { value: 'headcount_asc', label: 'Headcount Low to High' },
];

export function SortablePresets({
  delivery,
  cuisines,
  dietary = NO_NEEDS,
  onQuickView,
}: {
  delivery: DeliveryContext;
  cuisines: readonly string[];
  dietary?: readonly DietaryNeed[];
  onQuickView?: (preset: PresetSummary) => void;
}) {
  const [sort, setSort] = useState<PresetSort>('popular');
  const [visible, setVisible] = useState(SECTION_INITIAL);
  const [revealing, setRevealing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const headingId = useId();
  const selectId = useId();
  const query = useSortedPresets({ delivery, cuisines, dietary, sort, perPage: 48 });

  // another sort or cuisine filter starts the list over (adjusted while rendering; the pending
  // reveal is cancelled by the effect's cleanup, as on unmount)
  const [listedFor, setListedFor] = useState({ sort, cuisines, dietary });
  if (listedFor.sort !== sort || listedFor.cuisines !== cuisines || listedFor.dietary !== dietary) {
    setListedFor({ sort, cuisines, dietary });
    setRevealing(false);
    setVisible(SECTION_INITIAL);
  }
  useEffect(() => () => clearTimeout(timer.current), [sort, cuisines, dietary]);

  const seen = new Set<number>();
  const loaded = sortPresets(
    (query.data?.pages ?? [])
      .flatMap((p) => p.presets.allPresets.flatMap(([, list]) => list))
      .filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true))),
    sort,
  );
  const total = query.data?.pages[0]?.metaData.fullCount ?? loaded.length;
  // preset counts stop at 1,000 (docs/decisions/007-search-speed.md)
  const totalLabel = query.data?.pages[0]?.metaData.fullCountCapped
    ? `${total.toLocaleString('en-US')}+`
    : String(total);
  const shown = loaded.slice(0, visible);
  const canShowMore = visible < loaded.length || Boolean(query.hasNextPage);

  const showMore = () => {
    setRevealing(true);
    const target = visible + SECTION_STEP;
    if (target > loaded.length && query.hasNextPage) void query.fetchNextPage();
    // a simulated 1 s load before the next 8 appear (browse-account-orders §2)
    timer.current = setTimeout(() => {
      setVisible(target);
      setRevealing(false);
    }, SHOW_MORE_DELAY_MS);
  };

  return (
    <section className="sortable-presets" aria-labelledby={headingId}>
      <div className="sortable-head">
        <h2 id={headingId}>All preset menus</h2>
        <div className="field sort-field">
          <label htmlFor={selectId}>Sort by</label>
          <select id={selectId} value={sort} onChange={(e) => setSort(e.target.value as PresetSort)}>
            {sortOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isError && !query.data ? (
        <div className="inline-alert" role="alert">
          <p>We could not load preset menus.</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : query.isPending ? (
        <ul className="card-grid" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i}>
              <div className="catalogue-card card-skeleton" />
            </li>
          ))}
        </ul>
      ) : (
        <>
          <p className="muted" role="status" data-testid="sortable-count">
            Showing {shown.length} of {totalLabel}
          </p>
          <ul className="card-grid card-grid-4" aria-busy={revealing || undefined} data-testid="sortable-presets">
            {shown.map((p) => (
              <li key={p.id}>
                <PresetCardView preset={p} onQuickView={onQuickView} />
              </li>
            ))}
          </ul>
          <div className="load-more">
            {canShowMore ? (
              <Button variant="secondary" busy={revealing} onClick={showMore}>
                {revealing ? 'Loading…' : 'Show more'}
              </Button>
            ) : null}
            {visible > SECTION_INITIAL ? (
              <Button variant="ghost" disabled={revealing} onClick={() => setVisible(SECTION_INITIAL)}>
                Show Less
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
