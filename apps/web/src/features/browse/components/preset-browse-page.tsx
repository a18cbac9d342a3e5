import { Link } from 'react-router';
import type { DietaryNeed } from '@caterway/domain';
import { Carousel, CarouselSkeleton } from '../../../components/carousel';
import { PresetCardView } from '../../../components/catalogue/preset-card';
import { paths } from '../../../config/paths';
import type { PresetSummary } from '../../../types/catalogue';
import type { DeliveryContext } from '../api/delivery-context';
import { usePresetRows } from '../api/search-presets';
import { CuisineFilter } from './cuisine-filter';
import { DietaryFilter } from './dietary-filter';
import { NoResults } from './no-results';
import { SortablePresets } from './sortable-presets';
import { useDebouncedSelection } from './use-debounced-filter';
import './browse.css';

export interface PresetBrowsePageProps {
  delivery: DeliveryContext;
  /** 'Browse Presets' for confirmed users, 'Popular Options' for visitors (ordering-payments §2). */
  title: string;
  onQuickView?: (preset: PresetSummary) => void;
}

/**
 * "12 preset menus"; the preset search counts up to 1,000 matches and then says "1,000+ preset
 * menus" (full_count_capped, docs/decisions/007-search-speed.md).
 */
function presetCountText(count: number, capped: boolean): string {
  if (capped) return `${count.toLocaleString('en-US')}+ preset menus`;
  return `${count.toLocaleString('en-US')} preset ${count === 1 ? 'menu' : 'menus'}`;
}

/**
 * The vendor browse page (/ for confirmed users) and /browse-presets (ordering-payments §2):
 * preset rows by category, a Search by Cuisine Type link, the cuisine filter cards and the
 * sortable section.
 */
export function PresetBrowsePage({ delivery, title, onQuickView }: PresetBrowsePageProps) {
  const filter = useDebouncedSelection();
  const dietary = useDebouncedSelection<DietaryNeed>();
  // a larger first page, so each category row has cards to scroll through
  const rows = usePresetRows({ delivery, cuisines: filter.applied, dietary: dietary.applied, perPage: 48 });
  const meta = rows.data?.metaData;
  const groups = (rows.data?.presets.allPresets ?? []).filter(([, list]) => list.length > 0);
  const reloading = filter.pending || dietary.pending || (rows.isFetching && rows.isPlaceholderData);

  return (
    <div className="container page browse-page">
      <header className="browse-head">
        <h1>{title}</h1>
        <p className="browse-count" role="status" aria-live="polite">
          {meta ? presetCountText(meta.fullCount, meta.fullCountCapped) : rows.isError ? '' : 'Finding preset menus…'}
        </p>
        <Link to={paths.browseRestaurants.path} className="browse-switch">
          Search by Cuisine Type
        </Link>
      </header>

      {/* drawn before the first answer (its strip keeps its height), so the tools below never move */}
      <CuisineFilter
        cuisines={meta?.presetCategoryNameWithIcon ?? []}
        selected={filter.selected}
        onChange={filter.setSelected}
      />
      <div className="browse-tools">
        <DietaryFilter selected={dietary.selected} onChange={dietary.setSelected} />
      </div>

      {rows.isError && !rows.data ? (
        <div className="inline-alert" role="alert">
          <p>We could not load preset menus right now.</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void rows.refetch()}>
            Try again
          </button>
        </div>
      ) : rows.isPending ? (
        <>
          <CarouselSkeleton title="Loading menus" />
        </>
      ) : groups.length === 0 ? (
        <NoResults what="menus" />
      ) : (
        <div aria-busy={reloading || undefined} className={reloading ? 'results-reloading' : undefined}>
          {/* the sortable section first: its sort sits at the top of the page, not under every row (issue 20 §2) */}
          <SortablePresets
            delivery={delivery}
            cuisines={filter.applied}
            dietary={dietary.applied}
            onQuickView={onQuickView}
          />
          {groups.map(([name, list]) => (
            <Carousel
              key={name}
              title={name}
              items={list}
              getKey={(p) => p.id}
              renderItem={(p) => <PresetCardView preset={p} onQuickView={onQuickView} />}
            />
          ))}
        </div>
      )}
    </div>
  );
}

export default PresetBrowsePage;
