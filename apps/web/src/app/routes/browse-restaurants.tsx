import { BrowseRestaurantsPage } from '../../features/browse/components/browse-restaurants-page';
import { saveDelivery, useDelivery } from '../../features/delivery/delivery-store';

/** /browse-restaurants: the delivery bar's details drive the search (ordering-payments §2, §7). */
export function BrowseRestaurantsRoute() {
  const { info, receivingMethod } = useDelivery();
  return (
    <BrowseRestaurantsPage
      delivery={{
        address: info.address,
        lat: info.lat,
        lng: info.lng,
        deliveryDate: info.deliveryDate,
        deliveryTime: info.deliveryTime,
      }}
      onChooseTime={(deliveryDate, deliveryTime) =>
        saveDelivery({ ...info, deliveryDate, deliveryTime }, receivingMethod)
      }
    />
  );
}

export const Component = BrowseRestaurantsRoute;
