import { BrowseRestaurantsPage } from '../../features/browse/components/browse-restaurants-page';
import { saveDelivery, useDelivery } from '../../features/delivery/delivery-store';
import { useHeadcount } from '../../stores/headcount';

/** /browse-restaurants: the delivery bar's details drive the search (ordering-payments §2, §7). */
export function BrowseRestaurantsRoute() {
  const { info, receivingMethod } = useDelivery();
  const headcount = useHeadcount();
  return (
    <BrowseRestaurantsPage
      delivery={{
        address: info.address,
        lat: info.lat,
        lng: info.lng,
        deliveryDate: info.deliveryDate,
        deliveryTime: info.deliveryTime,
        headcount,
      }}
      onChooseTime={(deliveryDate, deliveryTime) =>
        saveDelivery({ ...info, deliveryDate, deliveryTime }, receivingMethod)
      }
    />
  );
}

export const Component = BrowseRestaurantsRoute;
