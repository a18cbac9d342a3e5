import { useSearchParams } from 'react-router';
import { CuisineFilter } from '../../features/browse/components/cuisine-filter';
import { useDebouncedSelection } from '../../features/browse/components/use-debounced-filter';
import { useDelivery } from '../../features/delivery/delivery-store';
import { SearchResultsPage } from '../../features/search/components/search-results-page';
import { useProfileChoices } from '../../features/settings/api/get-profile-choices';

/**
 * /search?q=: the full search results (issue 20 §2, decision 065), near the delivery bar's
 * address and for its date and time, with the browse pages' cuisine filter cards.
 */
export function SearchRoute() {
  const [searchParams] = useSearchParams();
  const { info } = useDelivery();
  const filter = useDebouncedSelection();
  const choices = useProfileChoices();
  const cuisines = (choices.data?.cuisines ?? []).map((name) => ({ name, icon: '' }));
  return (
    <SearchResultsPage
      params={{
        q: (searchParams.get('q') ?? '').trim(),
        lat: info.lat,
        lng: info.lng,
        address: info.address,
        deliveryDate: info.deliveryDate,
        deliveryTime: info.deliveryTime,
        cuisines: filter.applied,
      }}
      filters={
        cuisines.length ? (
          <CuisineFilter cuisines={cuisines} selected={filter.selected} onChange={filter.setSelected} />
        ) : null
      }
    />
  );
}

export const Component = SearchRoute;
